#include <doctest/doctest.h>

#include <cstddef>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <vector>

#include "attention/attention.h"
#include "tools/problem_json.h"

using attention::Matrix;
using attention::Problem;
using attention::Result;
using attention::Status;

namespace {

// queries/keys/values of the worked example, plus `extra` fields (each starting with a comma).
std::string WorkedExample(const std::string& extra = "") {
  return R"({"queries": [[1]], "keys": [[0], [1.3862943611198906]], "values": [[10], [20]], "scale": false)" + extra +
         "}";
}

Status Parse(const std::string& text) {
  Problem problem;
  return tools::ParseProblemJson(text, &problem);
}

bool IsOneLine(const std::string& text) {
  return text.find('\n') == std::string::npos && text.find('\r') == std::string::npos;
}

bool IsPrintableAscii(const std::string& text) {
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte >= 0x7f) return false;
  }
  return true;
}

struct Run {
  int code = -1;
  std::string out;
  std::string err;
};

Run Compute(const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out;
  std::ostringstream err;
  Run run;
  run.code = tools::RunComputeMode(in, out, err);
  run.out = out.str();
  run.err = err.str();
  return run;
}

// An input stream that fails while being read.
class ThrowingBuffer : public std::streambuf {
 protected:
  int_type underflow() override { throw std::runtime_error("disk\non fire"); }
};

}  // namespace

// [SECTION] ParseProblemJson: what it reads

TEST_CASE("a problem with only queries, keys and values parses with default options") {
  Problem problem;
  const Status status =
      tools::ParseProblemJson(R"({"queries": [[1, 2]], "keys": [[3, 4], [5, 6]], "values": [[7], [8]]})", &problem);
  REQUIRE(status.ok);
  CHECK(problem.queries.rows == 1);
  CHECK(problem.queries.cols == 2);
  CHECK(problem.keys.data == std::vector<double>{3, 4, 5, 6});
  CHECK(problem.values.rows == 2);
  CHECK(problem.values.cols == 1);
  CHECK_FALSE(problem.causal);
  CHECK(problem.valid_lengths.empty());
  CHECK(problem.mask.Empty());
  CHECK(problem.temperature == 1.0);
  CHECK(problem.scale);
}

TEST_CASE("every optional field is read") {
  Problem problem;
  const Status status = tools::ParseProblemJson(R"({
      "queries": [[1], [2]], "keys": [[3], [4]], "values": [[5], [6]],
      "causal": true, "valid_lengths": [2, 1.0], "mask": [[true, false], [false, true]],
      "temperature": 0.5, "scale": false})",
                                                &problem);
  REQUIRE(status.ok);
  CHECK(problem.causal);
  CHECK(problem.valid_lengths == std::vector<int>{2, 1});
  REQUIRE(problem.mask.rows == 2);
  REQUIRE(problem.mask.cols == 2);
  CHECK(problem.mask(0, 0));
  CHECK_FALSE(problem.mask(0, 1));
  CHECK_FALSE(problem.mask(1, 0));
  CHECK(problem.mask(1, 1));
  CHECK(problem.temperature == 0.5);
  CHECK_FALSE(problem.scale);
}

TEST_CASE("integers, decimals and exponents all read as the same doubles") {
  Problem problem;
  REQUIRE(
      tools::ParseProblemJson(
          R"({"queries": [[1, -2, 0.1, -2.5e3, 18446744073709551615, 1e-400]], "keys": [], "values": []})", &problem)
          .ok);
  CHECK(problem.queries.data == std::vector<double>{1.0, -2.0, 0.1, -2500.0, 18446744073709551615.0, 0.0});
  REQUIRE(tools::ParseProblemJson(WorkedExample(), &problem).ok);
  CHECK(problem.keys(1, 0) == 1.3862943611198906);
}

TEST_CASE("a parsed problem attends exactly like the same problem built in code") {
  Problem parsed;
  REQUIRE(tools::ParseProblemJson(WorkedExample(R"(, "causal": true, "temperature": 2)"), &parsed).ok);
  Problem built;
  built.queries = Matrix::FromRows({{1.0}});
  built.keys = Matrix::FromRows({{0.0}, {1.3862943611198906}});
  built.values = Matrix::FromRows({{10.0}, {20.0}});
  built.causal = true;
  built.temperature = 2.0;
  built.scale = false;
  Result from_json;
  Result from_code;
  REQUIRE(attention::Attend(parsed, &from_json).ok);
  REQUIRE(attention::Attend(built, &from_code).ok);
  CHECK(from_json.weights.data == from_code.weights.data);
  CHECK(from_json.outputs.data == from_code.outputs.data);
  CHECK(tools::ResultToJson(from_json) == tools::ResultToJson(from_code));
}

TEST_CASE("output_gradients is read when asked for, and refused where it is not") {
  Problem problem;
  std::optional<attention::Matrix> output_gradients;
  const std::string text = WorkedExample(R"(, "output_gradients": [[1]])");
  REQUIRE(tools::ParseProblemJson(text, &problem, &output_gradients).ok);
  REQUIRE(output_gradients.has_value());
  CHECK(output_gradients->data == std::vector<double>{1});
  REQUIRE(tools::ParseProblemJson(WorkedExample(), &problem, &output_gradients).ok);
  CHECK_FALSE(output_gradients.has_value());
  const Status refused = tools::ParseProblemJson(text, &problem);
  CHECK_FALSE(refused.ok);
  CHECK(refused.field == "output_gradients");
}

TEST_CASE("huge values make the gradients overflow: a clear error, never inf in the output") {
  std::istringstream in(R"({"queries": [[0]], "keys": [[0], [1]], "values": [[4e307], [-4e307]],)"
                        R"( "output_gradients": [[1e10]]})");
  std::ostringstream out, err;
  CHECK(tools::RunComputeMode(in, out, err) == tools::kComputeBadInput);
  CHECK(out.str().empty());
  CHECK(err.str().find("error: the gradients overflow") == 0);
}

// [SECTION] ParseProblemJson: what it rejects

TEST_CASE("a string where a number belongs names the entry") {
  const Status status = Parse(R"({"queries": [[1]], "keys": [[0], ["1"]], "values": [[10], [20]]})");
  CHECK_FALSE(status.ok);
  CHECK(status.field == "keys");
  CHECK(status.row == 1);
  CHECK(status.col == 0);
  CHECK(status.message == R"(keys[1][0] must be a number, got the string "1")");
}

TEST_CASE("a NaN-like string is told that JSON has no NaN or infinity") {
  for (const char* text : {"NaN", "nan", "Infinity", "-inf", "+Infinity"}) {
    CAPTURE(text);
    const Status status = Parse(std::string(R"({"queries": [[")") + text + R"("]], "keys": [[0]], "values": [[10]]})");
    CHECK(status.field == "queries");
    CHECK(status.message.find("queries[0][0] must be a number") == 0);
    CHECK(status.message.find("JSON numbers cannot be NaN or infinite") != std::string::npos);
  }
}

TEST_CASE("other wrong types name the entry and what was found") {
  CHECK(Parse(R"({"queries": [[true]], "keys": [[0]], "values": [[1]]})").message ==
        "queries[0][0] must be a number, got true");
  CHECK(Parse(R"({"queries": [[null]], "keys": [[0]], "values": [[1]]})").message ==
        "queries[0][0] must be a number, got null");
  CHECK(Parse(R"({"queries": [1], "keys": [[0]], "values": [[1]]})").message ==
        "queries[0] must be an array of numbers, got 1");
  CHECK(Parse(R"({"queries": {}, "keys": [[0]], "values": [[1]]})").message ==
        "queries must be an array of rows of numbers, got an object");
  CHECK(Parse(WorkedExample(R"(, "causal": 1)")).message == "causal must be true or false, got 1");
  CHECK(Parse(R"({"queries": [[1]], "keys": [[0]], "values": [[1]], "scale": "no"})").message ==
        R"(scale must be true or false, got the string "no")");
  CHECK(Parse(WorkedExample(R"(, "temperature": null)")).message == "temperature must be a number, got null");
  CHECK(Parse(WorkedExample(R"(, "mask": [[1, 0]])")).message == "mask[0][0] must be true or false, got 1");
  CHECK(Parse(WorkedExample(R"(, "valid_lengths": ["2"])")).message ==
        R"(valid_lengths[0] must be a whole number, got the string "2")");
}

TEST_CASE("nesting deeper than a field allows names the first container out of place") {
  const Status deep_entry = Parse(R"({"queries": [[[1]]], "keys": [[0]], "values": [[1]]})");
  CHECK(deep_entry.message == "queries[0][0] must be a number, got an array");
  CHECK(deep_entry.row == 0);
  CHECK(deep_entry.col == 0);
  CHECK(Parse(R"({"queries": [{"a": [[1]]}], "keys": [[0]], "values": [[1]]})").message ==
        "queries[0] must be an array of numbers, got an object");
  CHECK(Parse(WorkedExample(R"(, "causal": [[[[[true]]]]])")).message == "causal must be true or false, got an array");
  CHECK(Parse(WorkedExample(R"(, "valid_lengths": [[[2]]])")).message ==
        "valid_lengths[0] must be a whole number, got an array");
  // Deep nesting stops early instead of building a deep document.
  CHECK(Parse(R"({"queries": )" + std::string(100000, '[')).message == "queries[0][0] must be a number, got an array");
}

TEST_CASE("an unknown field is rejected by name so typos are caught") {
  const Status status = Parse(WorkedExample(R"(, "temprature": 2)"));
  CHECK_FALSE(status.ok);
  CHECK(status.field == "temprature");
  CHECK(status.message.find("unknown field 'temprature'") == 0);
  CHECK(status.message.find("temperature") != std::string::npos);  // the list of fields helps spot the typo
}

TEST_CASE("a field given twice is rejected") {
  const Status status = Parse(WorkedExample(R"(, "scale": true)"));
  CHECK(status.field == "scale");
  CHECK(status.message == "duplicate field 'scale'");
}

TEST_CASE("a missing required field is named") {
  CHECK(Parse(R"({"keys": [[0]], "values": [[1]]})").message.find("missing field 'queries'") == 0);
  CHECK(Parse(R"({"queries": [[0]], "values": [[1]]})").message.find("missing field 'keys'") == 0);
  const Status no_values = Parse(R"({"queries": [[0]], "keys": [[1]]})");
  CHECK(no_values.field == "values");
  CHECK(no_values.message.find("missing field 'values'") == 0);
}

TEST_CASE("the input must be one JSON object") {
  for (const char* text : {"[]", "[[1], [2]]", "3", "\"queries\"", "null"}) {
    CAPTURE(text);
    const Status status = Parse(text);
    CHECK(status.field == "input");
    CHECK(status.message.find("the input must be a JSON object") == 0);
  }
  CHECK(Parse("").message.find("the input is empty") == 0);
  CHECK(Parse(" \n\t ").message.find("the input is empty") == 0);
}

TEST_CASE("a syntax error gives the line, column, byte and where in the problem it is") {
  const Status status = Parse("{\n  \"queries\": [[1]],\n  \"keys\": [[NaN]]\n}");
  CHECK(status.field == "keys");
  CHECK(status.row == 0);
  CHECK(status.col == 0);
  CHECK(status.message.find("invalid JSON at line 3, column 13 (byte 35) in keys[0][0]: ") == 0);

  const Status missing_comma = Parse(R"({"queries": [[1] [2]]})");
  CHECK(missing_comma.message.find("invalid JSON at line 1, column 18 (byte 18) in queries[1]: ") == 0);

  const Status trailing = Parse(WorkedExample() + " x");
  CHECK(trailing.field == "input");
  CHECK(trailing.message.find("invalid JSON at line 1") == 0);
}

TEST_CASE("a number too large for a double names its entry") {
  const Status status = Parse(R"({"queries": [[1]], "keys": [[0], [-1.5e400]], "values": [[10], [20]]})");
  CHECK(status.field == "keys");
  CHECK(status.row == 1);
  CHECK(status.col == 0);
  CHECK(status.message == "keys[1][0] is -1.5e400, too large for a double");
  CHECK(Parse(WorkedExample(R"(, "temperature": 1e999)")).message == "temperature is 1e999, too large for a double");
}

TEST_CASE("ragged rows are rejected with the core's message") {
  const Status status = Parse(R"({"queries": [[1, 2]], "keys": [[1, 2], [3]], "values": [[1], [2]]})");
  CHECK(status.field == "keys");
  CHECK(status.row == 1);
  CHECK(status.message == "keys row 1 has 1 entry, expected 2");
  const Status mask = Parse(WorkedExample(R"(, "mask": [[true, true], [true]])"));
  CHECK(mask.field == "mask");
  CHECK(mask.message == "mask row 1 has 1 entry, expected 2");
}

TEST_CASE("an empty mask or valid_lengths is rejected rather than silently meaning none") {
  CHECK(Parse(WorkedExample(R"(, "mask": [])")).message == "mask has 0 rows, expected 1 (one per query row)");
  CHECK(Parse(WorkedExample(R"(, "valid_lengths": [])")).message ==
        "valid_lengths has 0 entries, expected 1 (one per query row)");
  // With no queries there is nothing to mask, and [] is the right length.
  CHECK(Parse(R"({"queries": [], "keys": [], "values": [], "mask": [], "valid_lengths": []})").ok);
}

TEST_CASE("valid_lengths must be whole numbers and huge ones are out of range") {
  CHECK(Parse(WorkedExample(R"(, "valid_lengths": [0.5])")).message ==
        "valid_lengths[0] must be a whole number, got 0.5");
  CHECK(Parse(WorkedExample(R"(, "valid_lengths": [2.0])")).ok);
  CHECK(Parse(WorkedExample(R"(, "valid_lengths": [1e10])")).message ==
        "valid_lengths[0] = 10000000000.0 is outside 0..2");
  CHECK(Parse(WorkedExample(R"(, "valid_lengths": [-99999999999])")).message ==
        "valid_lengths[0] = -99999999999 is outside 0..2");
}

TEST_CASE("input over the size limit is refused before parsing") {
  const std::string huge(tools::kMaxProblemJsonBytes + 1, ' ');
  const Status status = Parse(huge);
  CHECK(status.field == "input");
  CHECK(status.message == "the input is larger than the 16 MiB limit");
}

TEST_CASE("messages stay one printable line whatever the input holds") {
  const std::vector<std::string> inputs = {
      WorkedExample(R"(, "a\nb\u0000\u00e9": 1)"),
      WorkedExample(", \"\xff\": 1"),
      WorkedExample(R"(, "causal": "line\nbreak \u2028 )" + std::string(200, 'x') + "\""),
      WorkedExample(R"(, "causal": "unclosed )" + std::string(100000, 'x')),
      WorkedExample(R"(, "causal": "closed but then )" + std::string(100000, 'x') + "\" x"),
      "{\"queries\": [[1\x01]]}",
      std::string("{\"queries\": [[\xc3\xa9]]}"),
  };
  for (const std::string& input : inputs) {
    CAPTURE(input);
    const Status status = Parse(input);
    CHECK_FALSE(status.ok);
    CHECK(IsOneLine(status.message));
    CHECK(IsPrintableAscii(status.message));
    CHECK(status.message.size() < 300);
  }
}

TEST_CASE("a rejected problem is left default-constructed") {
  Problem problem;
  problem.causal = true;
  CHECK_FALSE(tools::ParseProblemJson(WorkedExample(R"(, "causal": true, "mask": 3)"), &problem).ok);
  CHECK(problem.queries.rows == 0);
  CHECK_FALSE(problem.causal);
  CHECK(problem.scale);
}

// [SECTION] ResultToJson

TEST_CASE("a result prints as compact JSON with fields in a fixed order") {
  Problem problem;
  REQUIRE(tools::ParseProblemJson(WorkedExample(), &problem).ok);
  Result result;
  REQUIRE(attention::Attend(problem, &result).ok);
  CHECK(tools::ResultToJson(result) ==
        R"({"scores":[[0.0,1.3862943611198906]],"weights":[[0.2,0.8]],"outputs":[[18.0]],"empty_rows":[]})");
}

TEST_CASE("masked scores and the outputs of empty rows print as null") {
  Problem problem;
  REQUIRE(tools::ParseProblemJson(
              R"({"queries": [[1], [1]], "keys": [[0], [0]], "values": [[2, 4], [4, 8]],
                  "mask": [[true, false], [false, false]]})",
              &problem)
              .ok);
  Result result;
  REQUIRE(attention::Attend(problem, &result).ok);
  CHECK(
      tools::ResultToJson(result) ==
      R"({"scores":[[0.0,null],[null,null]],"weights":[[1.0,0.0],[0.0,0.0]],"outputs":[[2.0,4.0],null],"empty_rows":[1]})");
}

TEST_CASE("numbers print in the shortest form that reads back exactly") {
  Result result;
  result.scores = Matrix::FromRows({{0.1 + 0.2, 1e-300, -1e300, 1.0 / 3.0}});
  result.allowed = attention::Mask(1, 4, true);
  result.weights = Matrix::FromRows({{0.25, 0.25, 0.25, 0.25}});
  result.outputs = Matrix::FromRows({{-0.0}});
  CHECK(tools::ResultToJson(result) == R"({"scores":[[0.30000000000000004,1e-300,-1e+300,0.3333333333333333]],)"
                                       R"("weights":[[0.25,0.25,0.25,0.25]],"outputs":[[-0.0]],"empty_rows":[]})");
}

TEST_CASE("an empty problem prints empty arrays") {
  CHECK(tools::ResultToJson(Result()) == R"({"scores":[],"weights":[],"outputs":[],"empty_rows":[]})");
}

// [SECTION] RunComputeMode

TEST_CASE("compute mode prints one JSON line for a good problem and exits 0") {
  const Run run = Compute(WorkedExample());
  CHECK(run.code == tools::kComputeOk);
  CHECK(run.err.empty());
  CHECK(run.out == R"({"scores":[[0.0,1.3862943611198906]],"weights":[[0.2,0.8]],"outputs":[[18.0]],"empty_rows":[]})"
                   "\n");
}

TEST_CASE("compute mode prints one error line for bad JSON and exits 1") {
  const Run run = Compute(R"({"queries": [[1]], "keys": [["NaN"]], "values": [[1]]})");
  CHECK(run.code == tools::kComputeBadInput);
  CHECK(run.out.empty());
  CHECK(run.err ==
        "error: keys[0][0] must be a number, got the string \"NaN\" (JSON numbers cannot be NaN or infinite)\n");
}

TEST_CASE("compute mode reports what the core rejects") {
  const Run temperature = Compute(WorkedExample(R"(, "temperature": 0)"));
  CHECK(temperature.code == tools::kComputeBadInput);
  CHECK(temperature.out.empty());
  CHECK(temperature.err == "error: temperature must be greater than 0, got 0\n");

  const Run values = Compute(R"({"queries": [[1]], "keys": [[0], [1]], "values": [[10]]})");
  CHECK(values.code == tools::kComputeBadInput);
  CHECK(values.err == "error: values has 1 row but keys has 2\n");

  const Run overflow = Compute(R"({"queries": [[1e200]], "keys": [[1e200]], "values": [[10]]})");
  CHECK(overflow.code == tools::kComputeBadInput);
  CHECK(overflow.err.find("error: scores[0][0] overflows") == 0);
}

TEST_CASE("compute mode refuses input over 16 MiB without reading all of it") {
  std::istringstream in(std::string(tools::kMaxProblemJsonBytes + 1000, ' '));
  std::ostringstream out;
  std::ostringstream err;
  CHECK(tools::RunComputeMode(in, out, err) == tools::kComputeBadInput);
  CHECK(out.str().empty());
  CHECK(err.str() == "error: the input is larger than the 16 MiB limit\n");
  CHECK(static_cast<std::size_t>(in.tellg()) == tools::kMaxProblemJsonBytes + 1);
}

TEST_CASE("compute mode accepts input of exactly the size limit") {
  std::string text = WorkedExample();
  text.resize(tools::kMaxProblemJsonBytes, ' ');
  const Run run = Compute(text);
  CHECK(run.code == tools::kComputeOk);
  CHECK(run.err.empty());
}

TEST_CASE("compute mode exits 2 when the output cannot be written") {
  std::istringstream in(WorkedExample());
  std::ostringstream out;
  out.setstate(std::ios::badbit);
  std::ostringstream err;
  CHECK(tools::RunComputeMode(in, out, err) == tools::kComputeInternalError);
  CHECK(err.str() == "error: could not write the result\n");
}

TEST_CASE("compute mode exits 2 when the input cannot be read") {
  ThrowingBuffer buffer;
  std::istream in(&buffer);
  std::ostringstream out;
  std::ostringstream err;
  CHECK(tools::RunComputeMode(in, out, err) == tools::kComputeInternalError);
  CHECK(out.str().empty());
  CHECK(err.str() == "error: could not read the input\n");
}

TEST_CASE("compute mode lets no exception escape") {
  ThrowingBuffer buffer;
  std::istream in(&buffer);
  in.exceptions(std::ios::badbit);  // the stream now rethrows what its buffer throws
  std::ostringstream out;
  std::ostringstream err;
  int code = -1;
  CHECK_NOTHROW(code = tools::RunComputeMode(in, out, err));
  CHECK(code == tools::kComputeInternalError);
  CHECK(err.str() == "error: internal error: disk on fire\n");
}
