#pragma once
// The tools' way to read the lesson's words from files: the English lesson file, then a locale's
// over it, as the widget loads them.

#include <string>

#include "lesson/text_store.h"

namespace tools {

// Loads `lesson_file` into `text`, then `translation_file` over it when not null, each followed by
// the Go-further words beside it (lesson::kFurtherFileName) where there are some. Prints each
// missing translation key as a warning and each malformed line as an error on stderr. Returns 2
// when a file cannot be read (said on stderr), 1 when a file is malformed, 0 when the words are whole.
int LoadLessonFiles(const char* lesson_file, const char* translation_file, lesson::TextStore& text);

}  // namespace tools
