// attention_compute: one attention problem as JSON on stdin, its result as JSON on stdout
// (the format is in problem_json.h). Needs only the core: no window, no GPU.

#include <cstdio>
#include <cstring>
#include <iostream>

#include "tools/problem_json.h"

namespace {

const char kUsage[] =
    "usage: attention_compute < problem.json\n"
    "  reads one attention problem as JSON on stdin, prints the result as JSON on stdout\n"
    "  exit 0: result printed; 1: the input is wrong (one line on stderr says why);\n"
    "  2: reading, writing or memory failed, or the command line is wrong\n";

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0)) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  if (argc != 1) {
    std::fprintf(stderr, "error: attention_compute takes no arguments, only stdin\n%s", kUsage);
    return 2;
  }
  return tools::RunComputeMode(std::cin, std::cout, std::cerr);
}
