// libFuzzer target: tools::ParseProblemJson and tools::RunComputeMode on arbitrary input.
// RunComputeMode must write exactly one line to one of its streams, matching its exit code, and
// agree with ParseProblemJson + attention::Attend (+ AttendGradients, given output_gradients)
// about whether the input is acceptable.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>

#include "attention/attention.h"
#include "tools/problem_json.h"

namespace {

[[noreturn]] void Fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz_problem_json: %s\n  %s\n", what, detail.c_str());
  std::abort();
}

bool IsOneLine(const std::string& text) {
  return !text.empty() && text.back() == '\n' && text.find('\n') == text.size() - 1;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);

  attention::Problem problem;
  std::optional<attention::Matrix> output_gradients;
  const attention::Status parsed = tools::ParseProblemJson(text, &problem, &output_gradients);
  bool acceptable = parsed.ok;
  if (parsed.ok) {
    attention::Result result;
    acceptable = attention::Attend(problem, &result).ok;
    if (acceptable && output_gradients) {
      attention::Gradients gradients;
      acceptable = attention::AttendGradients(problem, result, *output_gradients, &gradients).ok;
    }
  } else if (parsed.message.empty()) {
    Fail("a parse failure without a message", text);
  }

  std::istringstream in(text);
  std::ostringstream out;
  std::ostringstream err;
  const int code = tools::RunComputeMode(in, out, err);
  switch (code) {
    case tools::kComputeOk:
      if (!acceptable) Fail("RunComputeMode accepted an input that Parse/Attend reject", text);
      if (!IsOneLine(out.str()) || !err.str().empty()) Fail("success without exactly one output line", out.str());
      if (out.str().find("nan") != std::string::npos || out.str().find("inf") != std::string::npos) {
        Fail("non-finite number in the output", out.str());
      }
      break;
    case tools::kComputeBadInput:
      if (acceptable) Fail("RunComputeMode rejected an input that Parse/Attend accept", err.str());
      if (!IsOneLine(err.str()) || !out.str().empty()) Fail("bad input without exactly one error line", err.str());
      if (err.str().rfind("error: ", 0) != 0) Fail("error line does not start with 'error: '", err.str());
      break;
    default:
      Fail("unexpected exit code (internal error on an in-memory stream)", std::to_string(code) + " " + err.str());
  }
  return 0;
}
