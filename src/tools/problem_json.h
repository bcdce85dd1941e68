#pragma once
// Compute mode: `attention_compute < problem.json` reads one attention problem as JSON and prints
// its result as JSON, so lesson authors can check the numbers they put in a lesson without the
// app's window. Native only (built on nlohmann_json); it needs only the core.
//
// Input: one JSON object.
//   queries        n x d array of rows of numbers (required)
//   keys           m x d (required)
//   values         m x d_v (required)
//   causal         true/false, default false
//   valid_lengths  n whole numbers; row i may attend to keys 0..valid_lengths[i]-1
//   mask           n x m true/false, true = may attend
//   temperature    number > 0, default 1
//   scale          true/false, default true: divide q·k by sqrt(d)
//   output_gradients  n x d_v: dL/d outputs of some loss L; asks for the gradients below
// Any other field is rejected, so a typo ("temprature") is an error rather than a silent default.
//
// Output: one line of compact JSON with the fields in this order:
//   scores      n x m, after scaling and temperature; masked entries null
//   weights     n x m softmax weights; masked entries and empty rows 0
//   outputs     n x d_v; a row with no position available is null
//   empty_rows  ascending indices of rows with every position masked
//   gradients   only with output_gradients: {"queries": n x d, "keys": m x d, "values": m x d_v},
//               dL/dQ, dL/dK and dL/dV (attention::AttendGradients; a masked position gets exactly
//               0 from its row, an empty row gives 0)
// Numbers are printed in the shortest form that reads back as the same double (18.0, 0.2).

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>

#include "attention/attention.h"

namespace tools {

// Largest input ParseProblemJson and RunComputeMode accept, in bytes.
constexpr std::size_t kMaxProblemJsonBytes = std::size_t{16} << 20;

// Exit codes of RunComputeMode.
enum ComputeExitCode {
  kComputeOk = 0,             // result printed on `out`
  kComputeBadInput = 1,       // one line on `err` names what is wrong with the input
  kComputeInternalError = 2,  // reading, writing or memory failed
};

// Parses JSON text into a problem; on failure returns a Status naming the field ("keys",
// row 1, col 0, "keys[1][0] must be a number, got the string \"NaN\""). Syntax errors give the
// line, column and byte offset with field "input". Checks only the JSON shape and types; shapes
// between fields, finiteness, ranges and temperature are left to attention::Validate.
// Never throws on any input (only std::bad_alloc, like every allocation). The field
// output_gradients is read into *output_gradients (left empty when the input has none); with a
// null `output_gradients` the field is refused as unknown.
attention::Status ParseProblemJson(const std::string& text, attention::Problem* problem,
                                   std::optional<attention::Matrix>* output_gradients = nullptr);

// Serializes a result as one line of compact JSON (no trailing newline): masked scores null,
// empty rows' outputs null, and the gradients when given. Non-finite numbers would print as null;
// RunComputeMode never passes them.
std::string ResultToJson(const attention::Result& result, const attention::Gradients* gradients = nullptr);

// The whole CLI: reads at most kMaxProblemJsonBytes (+1 to detect more) from `in`, writes the
// result and a newline to `out`, or one line "error: <message>" to `err`. Returns a
// ComputeExitCode. No exception escapes.
int RunComputeMode(std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace tools
