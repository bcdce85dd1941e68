#include "platform/picture.h"

#include <cfloat>
#include <cmath>
#include <string>

#include <imgui.h>

#include "lesson/describe.h"
#include "lesson/state_url.h"
#include "lesson/text_store.h"
#include "platform/app.h"
#include "platform/gl.h"
#include "platform/host.h"
#include "platform/renderer.h"
#include "ui/fonts.h"
#include "ui/widget.h"

namespace platform {

namespace {

// The picture's frame lets no time pass: what moves (ui/motion.h) is drawn where the screen has it.
constexpr float kNoTime = 1e-6f;
// The longest side tried last: every OpenGL 3 draws 1024 pixels a side (WebGL 2: 2048).
constexpr int kPictureMinSide = 1024;

// The widget laid out once more and drawn into the picture's framebuffer, as the picture shows it:
// with the fonts of the picture's ratio (the caller built them), no pointer (no hover or tooltip),
// no time passing, and without the line about the last picture. The pointer is back for the next
// frame.
void DrawPicture(App& app, const PictureSize& size) {
  ImGuiIO& io = ImGui::GetIO();
  const ImVec2 pointer = io.MousePos;
  io.AddMousePosEvent(-FLT_MAX, -FLT_MAX);
  io.DeltaTime = kNoTime;
  io.DisplayFramebufferScale =
      ImVec2(static_cast<float>(size.width) / io.DisplaySize.x, static_cast<float>(size.height) / io.DisplaySize.y);
  app.ui.picture.taking = true;
  ImGui::NewFrame();
  ui::DrawWidget(app.state, app.ui);
  ImGui::Render();
  app.ui.picture.taking = false;
  if (ImGui::IsMousePosValid(&pointer)) io.AddMousePosEvent(pointer.x, pointer.y);
  glViewport(0, 0, size.width, size.height);
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  glClearColor(bg.x, bg.y, bg.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  RendererDraw(app.renderer, ImGui::GetDrawData(), size.width, size.height);
}

}  // namespace

PictureSize PlanPicture(float layout_width, float layout_height, int max_side) {
  PictureSize size;
  // Written so that NaN fails too.
  if (!(layout_width >= 1.0f && layout_height >= 1.0f) || max_side < 1) return size;
  const float longest = layout_width > layout_height ? layout_width : layout_height;
  const float side = static_cast<float>(max_side < kPictureMaxSide ? max_side : kPictureMaxSide);
  const float area = layout_width * layout_height;
  float scale = kPictureScale;
  if (longest * scale > side) scale = side / longest;
  if (area * scale * scale > kPictureMaxPixels) scale = std::sqrt(kPictureMaxPixels / area);
  size.scale = scale;
  size.width = static_cast<int>(layout_width * scale);
  size.height = static_cast<int>(layout_height * scale);
  if (size.width < 1) size.width = 1;
  if (size.height < 1) size.height = 1;
  return size;
}

bool SavePicture(App& app) {
  ui::PictureRun& picture = app.ui.picture;
  picture.requested = false;
  picture.state = lesson::EncodeState(app.state);
  picture.alt_text = lesson::DescribeScene(app.state);
  picture.copy_note.clear();
  const ImVec2 layout = ImGui::GetIO().DisplaySize;
  // The largest picture GL makes: the longest side allowed halves until it does.
  PictureSize size;
  bool begun = false;
  for (int side = kPictureMaxSide; side >= kPictureMinSide && !begun; side /= 2) {
    size = PlanPicture(layout.x, layout.y, side);
    if (size.width == 0) break;
    begun = app.host->BeginPicture(size.width, size.height);
  }
  bool saved = false;
  if (begun) {
    const bool own_fonts = ui::LoadFonts(app.ui, size.scale);
    if (own_fonts) RendererUploadFonts(app.renderer);
    DrawPicture(app, size);
    const std::string file = std::string("attention-") + lesson::SceneName(app.state.scene) + ".png";
    saved = app.host->EndPicture(file, size.width, size.height, picture.alt_text, &picture.message);
    if (own_fonts) AppPrepare(app);  // the screen's atlas again, in place of the picture's
  } else {
    picture.message = lesson::T("widget.picture_failed");
  }
  if (!saved) {
    picture.alt_text.clear();
  } else if (size.scale < kPictureScale) {
    picture.message += " " + lesson::T("widget.picture_smaller");
  }
  return saved;
}

std::string PictureLine(const char* key, const std::string& file, int width, int height) {
  return lesson::Fill(lesson::T(key),
                      {{"file", file}, {"width", std::to_string(width)}, {"height", std::to_string(height)}});
}

}  // namespace platform
