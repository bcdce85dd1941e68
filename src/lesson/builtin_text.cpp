#include "lesson/builtin_text.h"

namespace lesson {

void LoadBuiltInText(TextStore& store) {
  for (const BuiltInTextFile* file = kBuiltInText; file->name != nullptr; ++file) {
    store.Load(std::string("built-in ") + file->name, std::string(file->contents, file->size));
  }
}

}  // namespace lesson
