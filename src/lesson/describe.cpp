#include "lesson/describe.h"

namespace lesson {

std::string DescribeScene(const LessonState& state) { return ModuleOf(state.scene).describe(state); }

MirrorTable DescribeTable(const LessonState& state) { return ModuleOf(state.scene).table(state); }

}  // namespace lesson
