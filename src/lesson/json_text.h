#pragma once
// JSON strings, as the widget sends text to its page (the mirror's table, the playback's caption)
// and the stills tool writes its file: the one escaper both use.

#include <string>

namespace lesson {

// `text` (UTF-8) as a JSON string with its quotes: '"' and '\' escaped, \n and \t as such, other
// control characters as \u00XX; every other byte as it is.
std::string JsonString(const std::string& text);

}  // namespace lesson
