// Compute mode: JSON in, attention result out. See problem_json.h for the format.
//
// Contents
// [SECTION] Fields and how their entries are described
// [SECTION] Where the parser is: a path like keys[1][0]
// [SECTION] Syntax and number errors from nlohmann
// [SECTION] From the parsed document to a Problem
// [SECTION] Result to JSON
// [SECTION] The command line

#include "tools/problem_json.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cmath>
#include <exception>
#include <istream>
#include <new>
#include <ostream>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace tools {
namespace {

using Json = nlohmann::json;
using attention::Status;

// Thrown from the parser callback to stop parsing at the first error; caught in ParseProblemJson.
struct InputError {
  Status status;
};

// [SECTION] Fields and how their entries are described

struct FieldSpec {
  const char* name;
  int leaf_depth;           // path steps down to one entry: queries[i][j] is 3, causal is 1
  const char* expected[3];  // what the value must be at path depth 1 (the field), 2 and 3
};

constexpr FieldSpec kFields[] = {
    {"queries", 3, {"an array of rows of numbers", "an array of numbers", "a number"}},
    {"keys", 3, {"an array of rows of numbers", "an array of numbers", "a number"}},
    {"values", 3, {"an array of rows of numbers", "an array of numbers", "a number"}},
    {"causal", 1, {"true or false", nullptr, nullptr}},
    {"valid_lengths", 2, {"an array of whole numbers, one per query row", "a whole number", nullptr}},
    {"mask", 3, {"an array of rows of true/false, one per query row", "an array of true/false", "true or false"}},
    {"temperature", 1, {"a number", nullptr, nullptr}},
    {"scale", 1, {"true or false", nullptr, nullptr}},
    {"output_gradients", 3, {"an array of rows of numbers, one per query row", "an array of numbers", "a number"}},
};
constexpr const char* kFieldList =
    "queries, keys, values, causal, valid_lengths, mask, temperature, scale, output_gradients";
constexpr const char* kRootField = "input";  // Status::field for errors about the whole document

const FieldSpec* FindField(const std::string& name) {
  for (const FieldSpec& spec : kFields) {
    if (name == spec.name) return &spec;
  }
  return nullptr;
}

// What the value `depth` steps below the root of `field` must be: depth 1 is the field itself.
const char* Expected(const std::string& field, std::size_t depth) {
  const FieldSpec* spec = FindField(field);
  if (spec == nullptr || depth < 1 || depth > 3 || spec->expected[depth - 1] == nullptr) return "something else";
  return spec->expected[depth - 1];
}

// A string as it may appear inside a one-line message: escaped, ASCII, cut when long.
std::string Escaped(const std::string& text, std::size_t max_bytes = 40) {
  std::string shown = text.size() > max_bytes ? text.substr(0, max_bytes) : text;
  std::string quoted = Json(shown).dump(-1, ' ', true, Json::error_handler_t::replace);
  std::string inner = quoted.substr(1, quoted.size() - 2);
  return text.size() > max_bytes ? inner + "..." : inner;
}

bool LooksLikeNonFinite(const std::string& text) {
  std::string lower;
  for (char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (!lower.empty() && (lower[0] == '+' || lower[0] == '-')) lower.erase(0, 1);
  return lower == "nan" || lower == "inf" || lower == "infinity";
}

// "got an array", "got the string \"NaN\" (...)", "got 1.5".
std::string Got(const Json& value) {
  if (value.is_null()) return "got null";
  if (value.is_boolean()) return value.get<bool>() ? "got true" : "got false";
  if (value.is_number()) return "got " + value.dump();
  if (value.is_array()) return "got an array";
  if (value.is_object()) return "got an object";
  if (value.is_string()) {
    const std::string& text = value.get_ref<const std::string&>();
    std::string got = "got the string \"" + Escaped(text) + "\"";
    if (LooksLikeNonFinite(text)) got += " (JSON numbers cannot be NaN or infinite)";
    return got;
  }
  return "got an unsupported value";
}

// [SECTION] Where the parser is: a path like keys[1][0]

struct PathStep {
  bool is_index = false;
  std::size_t index = 0;  // when is_index
  std::string key;        // otherwise
};
using Path = std::vector<PathStep>;

std::string PathToString(const Path& path) {
  std::string text;
  for (const PathStep& step : path) {
    if (step.is_index) {
      text += "[" + std::to_string(step.index) + "]";
    } else {
      if (!text.empty()) text += ".";
      text += Escaped(step.key);
    }
  }
  return text.empty() ? std::string(kRootField) : text;
}

// A Status about the entry at `path`: field is the top-level field, row/col its indices.
Status FailAt(const Path& path, const std::string& message) {
  std::string field = path.empty() || path[0].is_index ? std::string(kRootField) : Escaped(path[0].key);
  int row = path.size() > 1 && path[1].is_index ? static_cast<int>(path[1].index) : -1;
  int col = path.size() > 2 && path[2].is_index ? static_cast<int>(path[2].index) : -1;
  return Status::Fail(field, row, col, message);
}

Status FailRoot(const std::string& message) { return Status::Fail(kRootField, -1, -1, message); }

std::string RootMustBeObject(const Json& value) {
  return "the input must be a JSON object with fields queries, keys and values, " + Got(value);
}

// Follows nlohmann's parser events to know the path of the value being read, so errors found
// while parsing (syntax, number overflow) can name it. Also catches, as soon as they are read,
// unknown or repeated top-level fields and nesting deeper than any field allows.
class PathTracker {
 public:
  bool OnEvent(Json::parse_event_t event, const Json& parsed) {
    switch (event) {
      case Json::parse_event_t::object_start:
      case Json::parse_event_t::array_start: {
        bool is_array = event == Json::parse_event_t::array_start;
        if (frames_.empty() && is_array) throw InputError{FailRoot(RootMustBeObject(Json::array()))};
        if (frames_.size() >= 3) ThrowTooDeep(is_array);
        frames_.push_back(Frame{is_array, 0, std::string(), false});
        break;
      }
      case Json::parse_event_t::key: {
        Frame& frame = frames_.back();
        frame.key = parsed.get<std::string>();
        frame.has_key = true;
        if (frames_.size() == 1) CheckTopLevelField(frame.key);
        break;
      }
      case Json::parse_event_t::value:
        if (frames_.empty()) throw InputError{FailRoot(RootMustBeObject(parsed))};
        FinishElement();
        break;
      case Json::parse_event_t::object_end:
      case Json::parse_event_t::array_end:
        frames_.pop_back();
        if (!frames_.empty()) FinishElement();
        break;
    }
    return true;
  }

  // Path of the value being read; stops at an object that is between two entries.
  Path CurrentPath() const {
    Path path;
    for (const Frame& frame : frames_) {
      if (frame.is_array) {
        path.push_back(PathStep{true, frame.finished, std::string()});
      } else if (frame.has_key) {
        path.push_back(PathStep{false, 0, frame.key});
      } else {
        break;
      }
    }
    return path;
  }

 private:
  struct Frame {
    bool is_array;
    std::size_t finished;  // arrays: elements read so far, so the one being read is at this index
    std::string key;       // objects: key of the value being read
    bool has_key;
  };

  void FinishElement() {
    Frame& frame = frames_.back();
    if (frame.is_array) {
      ++frame.finished;
    } else {
      frame.has_key = false;
    }
  }

  void CheckTopLevelField(const std::string& name) {
    if (FindField(name) == nullptr) {
      throw InputError{
          Status::Fail(Escaped(name), -1, -1, "unknown field '" + Escaped(name) + "' (fields: " + kFieldList + ")")};
    }
    if (!seen_.insert(name).second) {
      throw InputError{Status::Fail(name, -1, -1, "duplicate field '" + name + "'")};
    }
  }

  // No field nests deeper than two arrays, so a container this deep is a wrong type somewhere on
  // its path: name the first container that should have been a leaf or an array.
  [[noreturn]] void ThrowTooDeep(bool is_array) const {
    Path path = CurrentPath();
    const FieldSpec* spec = FindField(path[0].key);  // known: unknown fields stop at their key
    const std::size_t leaf_depth = spec != nullptr ? static_cast<std::size_t>(spec->leaf_depth) : 1;
    for (std::size_t depth = 1; depth <= frames_.size(); ++depth) {
      bool container_is_array = depth < frames_.size() ? frames_[depth].is_array : is_array;
      if (depth >= leaf_depth || !container_is_array) {
        path.resize(depth);
        throw InputError{FailAt(path, PathToString(path) + " must be " + Expected(path[0].key, depth) + ", " +
                                          (container_is_array ? "got an array" : "got an object"))};
      }
    }
    throw InputError{FailRoot("the input nests too deeply")};
  }

  std::vector<Frame> frames_;
  std::set<std::string> seen_;
};

// [SECTION] Syntax and number errors from nlohmann

// nlohmann's text after its "[json.exception.parse_error.101] parse error at " prefix, printable.
std::string WithoutNlohmannPrefix(const std::string& what) {
  std::string text = what;
  std::size_t bracket = text.find("] ");
  if (text.rfind("[json.exception.", 0) == 0 && bracket != std::string::npos) text.erase(0, bracket + 2);
  const std::string parse_error_at = "parse error at ";
  if (text.rfind(parse_error_at, 0) == 0) text.erase(0, parse_error_at.size());
  // Its "last read: '...'" part quotes the input raw: it may be a long string token, invalid
  // UTF-8 or control bytes.
  const std::string last_read = "last read: '";
  std::size_t token_start = text.find(last_read);
  if (token_start != std::string::npos) {
    token_start += last_read.size();
    std::size_t token_end = text.find("'; expected ", token_start);
    if (token_end == std::string::npos) token_end = text.rfind('\'');
    const std::size_t max_token = 40;
    if (token_end != std::string::npos && token_end > token_start + max_token) {
      text.replace(token_start, token_end - token_start, "..." + text.substr(token_end - max_token, max_token));
    }
  }
  for (char& c : text) {
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = '?';
  }
  return text;
}

Status SyntaxError(const Json::parse_error& error, const Path& path) {
  // "line 1, column 5: syntax error while parsing value - invalid literal; last read: 'N'"
  std::string detail = WithoutNlohmannPrefix(error.what());
  std::string where = "byte " + std::to_string(error.byte);
  std::size_t colon = detail.find(": ");
  if (detail.rfind("line ", 0) == 0 && colon != std::string::npos) {
    where = detail.substr(0, colon) + " (" + where + ")";
    detail.erase(0, colon + 2);
  }
  if (!path.empty()) where += " in " + PathToString(path);
  return FailAt(path, "invalid JSON at " + where + ": " + detail);
}

Status NumberError(const Json::out_of_range& error, const Path& path) {
  std::string detail = WithoutNlohmannPrefix(error.what());
  if (error.id == 406) {  // "number overflow parsing '1e400'"
    std::size_t open = detail.find('\'');
    std::size_t close = detail.rfind('\'');
    std::string number = open != std::string::npos && close > open ? detail.substr(open + 1, close - open - 1) : "";
    return FailAt(path, PathToString(path) + " is " + number + ", too large for a double");
  }
  return FailAt(path, "invalid JSON at " + PathToString(path) + ": " + detail);
}

// [SECTION] From the parsed document to a Problem

std::string Index(const char* field, std::size_t row) { return std::string(field) + "[" + std::to_string(row) + "]"; }
std::string Index(const char* field, std::size_t row, std::size_t col) {
  return Index(field, row) + "[" + std::to_string(col) + "]";
}

// "keys[1][0] must be a number, got ..." for field, field[row] or field[row][col].
Status WrongType(const char* field, const Json& value) {
  return Status::Fail(field, -1, -1, std::string(field) + " must be " + Expected(field, 1) + ", " + Got(value));
}
Status WrongType(const char* field, std::size_t row, const Json& value) {
  return Status::Fail(field, static_cast<int>(row), -1,
                      Index(field, row) + " must be " + Expected(field, 2) + ", " + Got(value));
}
Status WrongType(const char* field, std::size_t row, std::size_t col, const Json& value) {
  return Status::Fail(field, static_cast<int>(row), static_cast<int>(col),
                      Index(field, row, col) + " must be " + Expected(field, 3) + ", " + Got(value));
}

Status ReadMatrix(const Json& value, const char* field, attention::Matrix* out) {
  if (!value.is_array()) return WrongType(field, value);
  std::vector<std::vector<double>> rows;
  rows.reserve(value.size());
  for (std::size_t i = 0; i < value.size(); ++i) {
    const Json& row = value[i];
    if (!row.is_array()) return WrongType(field, i, row);
    std::vector<double> numbers;
    numbers.reserve(row.size());
    for (std::size_t j = 0; j < row.size(); ++j) {
      const Json& entry = row[j];
      if (!entry.is_number()) return WrongType(field, i, j, entry);
      numbers.push_back(entry.get<double>());
    }
    rows.push_back(std::move(numbers));
  }
  return attention::MatrixFromRows(rows, field, out);
}

Status ReadBool(const Json& value, const char* field, bool* out) {
  if (!value.is_boolean()) return WrongType(field, value);
  *out = value.get<bool>();
  return Status();
}

Status ReadTemperature(const Json& value, double* out) {
  if (!value.is_number()) return WrongType("temperature", value);
  *out = value.get<double>();
  return Status();
}

Status ReadMask(const Json& value, int query_rows, attention::Mask* out) {
  const char* field = "mask";
  if (!value.is_array()) return WrongType(field, value);
  // An empty attention::Mask means "no mask": refuse [] rather than silently ignore it.
  if (value.empty() && query_rows > 0) {
    return Status::Fail(field, -1, -1,
                        "mask has 0 rows, expected " + std::to_string(query_rows) + " (one per query row)");
  }
  std::size_t cols = value.empty() || !value[0].is_array() ? 0 : value[0].size();
  attention::Mask mask(static_cast<int>(value.size()), static_cast<int>(cols));
  for (std::size_t i = 0; i < value.size(); ++i) {
    const Json& row = value[i];
    if (!row.is_array()) return WrongType(field, i, row);
    for (std::size_t j = 0; j < row.size(); ++j) {
      if (!row[j].is_boolean()) return WrongType(field, i, j, row[j]);
    }
    if (row.size() != cols) {
      return Status::Fail(field, static_cast<int>(i), -1,
                          "mask row " + std::to_string(i) + " has " + std::to_string(row.size()) +
                              (row.size() == 1 ? " entry" : " entries") + ", expected " + std::to_string(cols));
    }
    for (std::size_t j = 0; j < cols; ++j) mask.Set(static_cast<int>(i), static_cast<int>(j), row[j].get<bool>());
  }
  *out = std::move(mask);
  return Status();
}

Status ReadValidLengths(const Json& value, int query_rows, int key_rows, std::vector<int>* out) {
  const char* field = "valid_lengths";
  if (!value.is_array()) return WrongType(field, value);
  // Empty valid_lengths means "no padding mask": refuse [] rather than silently ignore it.
  if (value.empty() && query_rows > 0) {
    return Status::Fail(field, -1, -1,
                        "valid_lengths has 0 entries, expected " + std::to_string(query_rows) + " (one per query row)");
  }
  std::vector<int> lengths;
  lengths.reserve(value.size());
  for (std::size_t i = 0; i < value.size(); ++i) {
    const Json& entry = value[i];
    if (!entry.is_number() || (entry.is_number_float() && std::floor(entry.get<double>()) != entry.get<double>())) {
      return WrongType(field, i, entry);
    }
    double length = entry.get<double>();  // exact for every int; larger values are out of range anyway
    if (length < static_cast<double>(INT_MIN) || length > static_cast<double>(INT_MAX)) {
      return Status::Fail(field, static_cast<int>(i), -1,
                          Index(field, i) + " = " + entry.dump() + " is outside 0.." + std::to_string(key_rows));
    }
    lengths.push_back(static_cast<int>(length));
  }
  *out = std::move(lengths);
  return Status();
}

Status ProblemFromDocument(const Json& document, attention::Problem* problem) {
  if (!document.is_object()) return FailRoot(RootMustBeObject(document));
  for (const char* required : {"queries", "keys", "values"}) {
    if (!document.contains(required)) {
      return Status::Fail(required, -1, -1,
                          std::string("missing field '") + required + "' (required: queries, keys, values)");
    }
  }
  Status status = ReadMatrix(document.at("queries"), "queries", &problem->queries);
  if (status.ok) status = ReadMatrix(document.at("keys"), "keys", &problem->keys);
  if (status.ok) status = ReadMatrix(document.at("values"), "values", &problem->values);
  if (status.ok && document.contains("causal")) status = ReadBool(document.at("causal"), "causal", &problem->causal);
  if (status.ok && document.contains("valid_lengths")) {
    status = ReadValidLengths(document.at("valid_lengths"), problem->queries.rows, problem->keys.rows,
                              &problem->valid_lengths);
  }
  if (status.ok && document.contains("mask"))
    status = ReadMask(document.at("mask"), problem->queries.rows, &problem->mask);
  if (status.ok && document.contains("temperature"))
    status = ReadTemperature(document.at("temperature"), &problem->temperature);
  if (status.ok && document.contains("scale")) status = ReadBool(document.at("scale"), "scale", &problem->scale);
  return status;
}

// [SECTION] Result to JSON

bool IsAllowed(const attention::Result& result, int row, int col) {
  const attention::Mask& allowed = result.allowed;
  bool has_mask =
      allowed.rows == result.scores.rows && allowed.cols == result.scores.cols &&
      allowed.allowed.size() == static_cast<std::size_t>(allowed.rows) * static_cast<std::size_t>(allowed.cols);
  return !has_mask || allowed(row, col);
}

// Names the first number the result cannot print as JSON (an overflow from huge finite inputs).
Status CheckResultFinite(const attention::Result& result) {
  auto check = [](const attention::Matrix& m, const char* field, auto&& skip) -> Status {
    for (int i = 0; i < m.rows; ++i) {
      for (int j = 0; j < m.cols; ++j) {
        if (!skip(i, j) && !std::isfinite(m(i, j))) {
          return Status::Fail(field, i, j,
                              Index(field, static_cast<std::size_t>(i), static_cast<std::size_t>(j)) +
                                  " overflowed: the inputs are too large to compute with doubles");
        }
      }
    }
    return Status();
  };
  Status status = check(result.scores, "scores", [&](int i, int j) { return !IsAllowed(result, i, j); });
  if (status.ok) status = check(result.weights, "weights", [](int, int) { return false; });
  if (status.ok) status = check(result.outputs, "outputs", [&](int i, int) { return result.RowIsEmpty(i); });
  return status;
}

// [SECTION] The command line

// Reads up to `limit` bytes; false when the stream failed (not at end of input).
bool ReadAtMost(std::istream& in, std::size_t limit, std::string* text) {
  char buffer[1 << 16];
  while (text->size() < limit) {
    std::size_t want = std::min(sizeof buffer, limit - text->size());
    in.read(buffer, static_cast<std::streamsize>(want));
    text->append(buffer, static_cast<std::size_t>(in.gcount()));
    if (!in) return !in.bad();
  }
  return true;
}

// One line whatever the message holds.
void PrintError(std::ostream& err, const Status& status) {
  std::string message = status.message.empty() ? "invalid " + status.field : status.message;
  for (char& c : message) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  err << "error: " << message << '\n';
}

}  // namespace

attention::Status ParseProblemJson(const std::string& text, attention::Problem* problem,
                                   std::optional<attention::Matrix>* output_gradients) {
  *problem = attention::Problem();
  if (output_gradients != nullptr) output_gradients->reset();
  if (text.size() > kMaxProblemJsonBytes) {
    return FailRoot("the input is larger than the " + std::to_string(kMaxProblemJsonBytes >> 20) + " MiB limit");
  }
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) {
    return FailRoot("the input is empty: expected a JSON object with fields queries, keys and values");
  }
  PathTracker tracker;
  Json document;
  try {
    document = Json::parse(text, [&tracker](int /*depth*/, Json::parse_event_t event, Json& parsed) {
      return tracker.OnEvent(event, parsed);
    });
  } catch (const InputError& error) {
    return error.status;
  } catch (const Json::parse_error& error) {
    return SyntaxError(error, tracker.CurrentPath());
  } catch (const Json::out_of_range& error) {
    return NumberError(error, tracker.CurrentPath());
  } catch (const Json::exception& error) {
    return FailRoot(std::string("invalid JSON: ") + WithoutNlohmannPrefix(error.what()));
  }
  Status status;
  try {
    status = ProblemFromDocument(document, problem);
    if (status.ok && document.is_object() && document.contains("output_gradients")) {
      if (output_gradients == nullptr) {
        status = Status::Fail("output_gradients", -1, -1, "unknown field 'output_gradients' here");
      } else {
        attention::Matrix gradients;
        status = ReadMatrix(document.at("output_gradients"), "output_gradients", &gradients);
        if (status.ok) *output_gradients = std::move(gradients);
      }
    }
  } catch (const Json::exception& error) {  // not expected: every type is checked before it is read
    status = FailRoot(std::string("invalid input: ") + WithoutNlohmannPrefix(error.what()));
  }
  if (!status.ok) {
    *problem = attention::Problem();
    if (output_gradients != nullptr) output_gradients->reset();
  }
  return status;
}

std::string ResultToJson(const attention::Result& result, const attention::Gradients* gradients) {
  using Ordered = nlohmann::ordered_json;
  const auto rows_of = [](const attention::Matrix& m) {
    Ordered rows = Ordered::array();
    for (int i = 0; i < m.rows; ++i) {
      Ordered row = Ordered::array();
      for (int j = 0; j < m.cols; ++j) row.push_back(m(i, j));
      rows.push_back(std::move(row));
    }
    return rows;
  };
  Ordered scores = Ordered::array();
  Ordered weights = rows_of(result.weights);
  Ordered outputs = Ordered::array();
  for (int i = 0; i < result.scores.rows; ++i) {
    Ordered score_row = Ordered::array();
    for (int j = 0; j < result.scores.cols; ++j) {
      score_row.push_back(IsAllowed(result, i, j) ? Ordered(result.scores(i, j)) : Ordered(nullptr));
    }
    scores.push_back(std::move(score_row));
  }
  for (int i = 0; i < result.outputs.rows; ++i) {
    if (result.RowIsEmpty(i)) {
      outputs.push_back(nullptr);
      continue;
    }
    Ordered output_row = Ordered::array();
    for (int j = 0; j < result.outputs.cols; ++j) output_row.push_back(result.outputs(i, j));
    outputs.push_back(std::move(output_row));
  }
  Ordered document = Ordered::object();
  document["scores"] = std::move(scores);
  document["weights"] = std::move(weights);
  document["outputs"] = std::move(outputs);
  document["empty_rows"] = result.empty_rows;
  if (gradients != nullptr) {
    Ordered parts = Ordered::object();
    parts["queries"] = rows_of(gradients->queries);
    parts["keys"] = rows_of(gradients->keys);
    parts["values"] = rows_of(gradients->values);
    document["gradients"] = std::move(parts);
  }
  return document.dump();
}

int RunComputeMode(std::istream& in, std::ostream& out, std::ostream& err) {
  try {
    std::string text;
    if (!ReadAtMost(in, kMaxProblemJsonBytes + 1, &text)) {
      err << "error: could not read the input\n";
      return kComputeInternalError;
    }
    attention::Problem problem;
    std::optional<attention::Matrix> output_gradients;
    Status status = ParseProblemJson(text, &problem, &output_gradients);
    attention::Result result;
    if (status.ok) status = attention::Attend(problem, &result);
    if (status.ok) status = CheckResultFinite(result);
    attention::Gradients gradients;
    if (status.ok && output_gradients) status = attention::AttendGradients(problem, result, *output_gradients, &gradients);
    if (!status.ok) {
      PrintError(err, status);
      return kComputeBadInput;
    }
    out << ResultToJson(result, output_gradients ? &gradients : nullptr) << '\n';
    out.flush();
    if (!out) {
      err << "error: could not write the result\n";
      return kComputeInternalError;
    }
    return kComputeOk;
  } catch (const std::bad_alloc&) {
    err << "error: out of memory\n";
  } catch (const std::exception& error) {
    err << "error: internal error: ";
    for (const char* c = error.what(); *c != '\0'; ++c) err << (*c == '\n' || *c == '\r' ? ' ' : *c);
    err << '\n';
  } catch (...) {
    err << "error: internal error\n";
  }
  return kComputeInternalError;
}

}  // namespace tools
