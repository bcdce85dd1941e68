#pragma once
// "Save picture": the widget as it is now, laid out once more and drawn at 2 device pixels per
// layout pixel (the font atlas built at that ratio, so the text is sharp) into a framebuffer of the
// picture's size, which the platform provides and saves (Host::BeginPicture, Host::EndPicture):
// natively an offscreen framebuffer read back into a PNG file in the working directory; on the web
// the canvas itself, enlarged for the picture and put back in the same task (so nothing of it
// shows), whose pixels the browser encodes as a PNG the page downloads. The whole layout is drawn,
// also the rows a tall web widget's canvas does not hold (window_web.cpp's band), and the mirror's
// sentence for the scene is offered as the picture's alt text.

namespace platform {

struct App;

constexpr float kPictureScale = 2.0f;  // device pixels per layout pixel
constexpr int kPictureMaxSide = 8192;  // pixels, whatever more the GPU could take
// 64 MB of RGBA: a very tall widget scaled down to this cannot exhaust the memory (the GPU holds
// the picture, the app or the browser a copy of it to make the PNG).
constexpr float kPictureMaxPixels = 16.0f * 1024 * 1024;

// The picture's size in pixels and the device pixels per layout pixel it is drawn at.
struct PictureSize {
  int width = 0;
  int height = 0;
  float scale = 0.0f;  // kPictureScale, or less when the widget is too large for it
};

// The picture of a layout_width x layout_height widget at kPictureScale, scaled down so that no
// side exceeds max_side (and kPictureMaxSide) and the area stays within kPictureMaxPixels. All
// zero when there is nothing to draw (no width or height, or not a number).
PictureSize PlanPicture(float layout_width, float layout_height, int max_side);

// Draws and saves the picture the scene bar asked for (ui::Context::picture) at the largest size up
// to PlanPicture's that GL can make (a smaller one is said so), leaves what happened in the
// picture's message and the fonts as the screen needs them. Returns whether it was saved.
bool SavePicture(App& app);

}  // namespace platform
