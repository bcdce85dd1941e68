#pragma once
// The words the learner reads, kept in data files under assets/lesson/ so lesson authors can
// change them without a compiler. Each file is UTF-8 text:
//
//   # a comment
//   compare.title = Compare a query with keys
//   compare.intro = The query is what the current step looks for.
//     An indented line continues the previous value (joined with a space);
//     a line holding only "  ." inside a value starts a new paragraph.
//
// Natively the lesson file (lesson.txt) is compiled in as the built-in text, and at start an
// author's copy may be loaded again from disk; a malformed line is reported with its file and
// line, and the built-in text of its section stays in use. The web widget compiles no words in:
// its words are the lesson/lesson.txt its loader hands over (fetched beside the widget, or inlined
// in the one-file offline lesson), so a malformed section is reported the same way and its keys
// show as [key].

#include <cstdint>
#include <initializer_list>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace lesson {

// Length in bytes of the well-formed UTF-8 character starting at text[i] (1 to 4), or 0 when the
// bytes there are not one (stray continuation, overlong form, surrogate, past U+10FFFF, cut off).
size_t Utf8CharLength(const std::string& text, size_t i);
// The same, also giving the character's code point in *code (left alone when 0 is returned).
size_t Utf8Decode(const std::string& text, size_t i, uint32_t* code);

// One problem found while parsing a text file.
struct TextError {
  std::string file;              // e.g. "assets/lesson/lesson.txt"
  int line = 0;                  // 1-based line number
  std::string message;           // e.g. "expected 'key = value'"
  std::string ToString() const;  // "assets/lesson/lesson.txt:12: expected 'key = value'"
};

// Parses one file (or one section of a file, whose first line is `first_line` of the file) into
// key -> text. Returns false (and `error`) on the first problem; `out` is then left unchanged.
// Keys are [a-z0-9_.]+ and may appear once, and not at all if `earlier` (the file's earlier
// sections) holds them.
// `where` (may be null) receives each parsed key's place, "file:line".
bool ParseTextFile(const std::string& file, const std::string& contents, std::map<std::string, std::string>* out,
                   TextError* error, int first_line = 1, const std::map<std::string, std::string>* earlier = nullptr,
                   std::map<std::string, std::string>* where = nullptr);

// A lesson file is divided into sections by lines "[name]" (name: a-z, 0-9, '_'), one per scene;
// what comes before the first such line is a section without a name.
struct TextSection {
  std::string name;
  int first_line = 1;  // the file's line number of the section's first line, after its "[name]"
  std::string text;
};
std::vector<TextSection> SplitSections(const std::string& contents);

class TextStore {
 public:
  // Adds a file's entries (later files override earlier keys). False on a parse error, which is
  // also kept in errors(); nothing from a malformed section is used, the other sections are. A key
  // may appear in only one section of a file.
  bool Load(const std::string& file, const std::string& contents);
  // The text for `key`, or the key itself in brackets when missing, so gaps are visible.
  const std::string& Get(const std::string& key) const;
  bool Has(const std::string& key) const { return entries_.count(key) != 0; }
  // Where `key` was read: "assets/lesson/lesson.txt:352", or "" when it is missing.
  std::string Where(const std::string& key) const;
  const std::vector<TextError>& errors() const { return errors_; }
  // Every key, in ascending byte order.
  std::vector<std::string> Keys() const;
  // Every character outside ASCII that the loaded text uses, ascending, each once: the fonts
  // rasterize these and ASCII, so an author's é or → shows without growing every atlas.
  std::vector<uint32_t> NonAsciiCodePoints() const;
  void Clear();

 private:
  std::map<std::string, std::string> entries_;
  std::map<std::string, std::string> where_;  // key -> "file:line"
  std::vector<TextError> errors_;
  mutable std::map<std::string, std::string> missing_;
};

// The text the widget shows: built-in files first (names only on the web), then the files loaded
// at start.
TextStore& LessonText();
// Shorthand for LessonText().Get(key).
const std::string& T(const std::string& key);
// The same for a key written in the code, T("mirror.col.value"): the key's string is made here,
// once, rather than at each of the hundreds of places that name one.
const std::string& T(const char* key);

// Values for the "{name}" placeholders in a text, e.g. {{"weight", "0.34"}}.
using TextField = std::pair<const char*, std::string>;
using TextFields = std::vector<TextField>;
// `text` with each "{name}" replaced by its value; placeholders without a field stay as they are.
std::string Fill(const std::string& text, const TextFields& fields);
// The same for fields written in place, Fill(T("key"), {{"weight", w}}), which need no vector.
std::string Fill(const std::string& text, std::initializer_list<TextField> fields);

}  // namespace lesson
