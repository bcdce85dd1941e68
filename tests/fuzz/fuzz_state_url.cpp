// libFuzzer target: lesson::DecodeState on arbitrary fragments. A fragment that decodes must
// round-trip: its encoding decodes again, and re-encodes to the same string. A Learn state with
// few steps is trained and described too: no "nan" may reach the mirror.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "lesson/describe.h"
#include "lesson/lesson_state.h"
#include "lesson/state_url.h"

namespace {

[[noreturn]] void Fail(const char* what, const std::string& a, const std::string& b) {
  std::fprintf(stderr, "fuzz_state_url: %s\n  first:  %s\n  second: %s\n", what, a.c_str(), b.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string fragment(reinterpret_cast<const char*>(data), size);
  lesson::LessonState state;
  std::string warning;
  if (!lesson::DecodeState(fragment, &state, &warning)) return 0;

  const std::string encoded = lesson::EncodeState(state);
  if (encoded.size() > lesson::kStateFragmentMaxLength) Fail("encoding is over the length limit", fragment, encoded);
  lesson::LessonState again;
  std::string again_warning;
  if (!lesson::DecodeState(encoded, &again, &again_warning)) Fail("encoding does not decode", encoded, again_warning);
  const std::string reencoded = lesson::EncodeState(again);
  if (reencoded != encoded) Fail("re-encoding differs", encoded, reencoded);
  if (state.scene == lesson::Scene::Learn && state.learn.steps <= 5) {
    const std::string said = lesson::DescribeScene(state);
    if (said.find("nan") != std::string::npos || said.find("inf") != std::string::npos) Fail("the mirror says", encoded, said);
  }
  return 0;
}
