#include "lesson/builtin_text.h"

namespace lesson {

void LoadBuiltInText(TextStore& store) {
  store.Load(std::string("built-in ") + kLessonFileName, std::string(kBuiltInLessonText, kBuiltInLessonTextSize));
  store.Load(std::string("built-in ") + kFurtherFileName, std::string(kBuiltInFurtherText, kBuiltInFurtherTextSize));
}

}  // namespace lesson
