#pragma once
// The lesson text files compiled into the binary (generated from assets/lesson/*.txt by
// cmake/EmbedLessonText.cmake). The web widget links a table with each file's name and empty
// contents: it asks its loader for those files and has no words of its own (see CMakeLists.txt).

#include "lesson/text_store.h"

namespace lesson {

struct BuiltInTextFile {
  const char* name;      // file name, e.g. "lesson.txt"
  const char* contents;  // the file's bytes, NUL-terminated
  unsigned int size;     // bytes, without the NUL
};

// Ends with an entry whose name is null.
extern const BuiltInTextFile kBuiltInText[];

// Loads every built-in file into `store`. A malformed built-in file is a build bug: it is kept
// in store.errors() like any other and the unit tests fail on it.
void LoadBuiltInText(TextStore& store);

}  // namespace lesson
