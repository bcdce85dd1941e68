#pragma once
// Everything the panels keep between frames, in one place: the app owns a Context and hands it to
// DrawWidget, which hands it to the panels (`void DrawXPanel(lesson::LessonState&, Context&)`).
// The lesson state says what the learner did; the Context holds how the widget shows it. A test
// makes its own, so two tests never share fonts, rectangles or notes.

#include <array>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <imgui.h>

#include "lesson/embed_options.h"
#include "lesson/predictions/predictions.h"
#include "lesson/scenes/quiz/quiz.h"
#include "lesson/timeline/playback.h"
#include "ui/item_hook.h"

namespace ui {

enum class Theme { Light, Dark };

// Colours the panels draw with, beyond ImGui's own style colours.
struct Palette {
  ImU32 text = 0;       // running text
  ImU32 muted = 0;      // secondary text, axis ticks
  ImU32 axis = 0;       // number line and grid
  ImU32 first = 0;      // the first position (blue)
  ImU32 second = 0;     // the second position (orange)
  ImU32 output = 0;     // the combined output
  ImU32 highlight = 0;  // what a walkthrough step points at
  ImU32 panel = 0;      // card background
};

// The lesson's fonts in the current atlas (ui/fonts.h).
struct Fonts {
  ImFont* body = nullptr;     // running text and controls
  ImFont* bold = nullptr;     // emphasis and labels
  ImFont* heading = nullptr;  // panel titles
  ImFont* numbers = nullptr;  // the large arithmetic lines
  float pixel_ratio = 0.0f;   // ratio the atlas was built for; 0 = not built yet
};

// A screen rectangle where a named element was drawn (ui/item_registry.h).
struct ItemRect {
  ImVec2 min;
  ImVec2 max;
  ImVec2 Center() const { return ImVec2((min.x + max.x) * 0.5f, (min.y + max.y) * 0.5f); }
};

// Where the learner's controls were drawn in the last frame (ui/control_map.h).
struct ControlRect {
  ImVec2 min;
  ImVec2 max;
  ImGuiID window = 0;  // the top-level window it belongs to (for a window, its own id)
};
struct ControlMap {
  std::vector<ControlRect> controls;  // what shows of each control, clipped as ImGui clips it
  std::vector<ControlRect> windows;   // the top-level windows that take the pointer, back to front
  bool held = false;                  // the pointer held a control as the frame ended (a drag)
  ItemHook hook;                      // what ImGui reports items to while a frame is recorded
};

// A control as a screen reader meets it (ui/access.h).
// Figure: a scene's picture, named by what it shows (role=img on the web, no tab stop).
enum class AccessRole : unsigned char { Button, Checkbox, Radio, Slider, TextBox, Point, Cell, Figure };
struct AccessNode {
  ImGuiID id = 0;
  AccessRole role = AccessRole::Button;
  signed char checked = -1;   // 0 or 1 for a checkbox, a radio choice, a button that stays pressed
  signed char expanded = -1;  // 0 or 1 for a button that shows or hides a part (a collapsing header)
  bool disabled = false;
  std::string name;
  std::string value;  // the value as read out (a slider's aria-valuetext, a point's coordinates)
  double now = 0.0, lo = 0.0, hi = 0.0;  // a slider's value and range
  int row = -1, col = -1;                // a grid cell's place
  ImVec2 min, max;                       // where it was drawn, layout pixels
};
struct AccessTree {
  std::vector<AccessNode> nodes;  // this frame's controls, in the order ImGui laid them out
  ImGuiID step_id = 0;            // a slider step asked for through the page (RequestAccessStep)
  int step = 0;                   // its AccessStep
  ImGuiID focus_request = 0;      // the control to focus as it is drawn (FocusAccessControl)
};

// One number field's typing between frames (ui/number_field.h).
struct NumberFieldState {
  int last_frame = -1;          // frame the field was last drawn
  bool editing = false;         // the text box is open
  double start = 0.0;           // the value when the box opened
  std::string initial_text;     // what the box showed when it opened
  std::string text;             // what the box showed last
  std::string note;             // why the last entry was refused; empty when nothing was
  double value_at_refusal = 0;  // the note goes once the value differs from this
  int refused_frame = -1;       // frame of the refusal, to find the newest note
};

// A value drawn eased toward its latest target (ui/motion.h).
struct EasedValue {
  ImGuiID id = 0;       // MotionId
  float from = 0.0f;    // where the move began
  float to = 0.0f;      // where it ends: the state's value
  float shown = 0.0f;   // what the last frame drew
  double start = 0.0;   // ImGui::GetTime() when the move began
  int last_frame = 0;   // ImGui's frame count when it was last drawn
};

// Copies a link to the given state (URL-fragment encoding) and returns a line for the learner
// ("Link copied."). Set by the platform; without it the widget shows no "Copy link" button.
using CopyLinkFn = std::function<std::string(const std::string& state)>;

// The platform's link that opens the widget in `state` (web: the widget page with it as its
// #fragment), and its way to open a URL (a new tab, the mail program): for "Suggest a correction".
using StateLinkFn = std::function<std::string(const std::string& state)>;
using OpenUrlFn = std::function<void(const std::string& url)>;

// Copies text to the clipboard and returns a line for the learner; null = no copy button.
using CopyTextFn = std::function<std::string(const std::string& text)>;
// Saves text as a file for the learner to keep (named like `file`) and returns a line for the
// learner; null = no save button.
using SaveTextFn = std::function<std::string(const std::string& file, const std::string& text)>;

// "Save picture": the scene bar asks for one; the app draws and saves it after the frame
// (platform/picture.h) and leaves here what happened, which the bar shows under itself.
struct PictureRun {
  bool available = false;  // the platform saves pictures; false: no "Save picture" button
  bool requested = false;  // pressed: the app saves a picture once this frame is drawn
  bool taking = false;     // the frame being drawn is the picture's: the line below stays out of it
  std::string message;     // what the last save said (the file and its size, or why not)
  std::string alt_text;    // the mirror's sentence for what the picture shows, offered as its alt text
  std::string state;       // the state the picture shows: the line goes when the state changes
  std::string copy_note;   // what "Copy alt text" said
};

// How the stage (ui/stage.cpp) showed its last frame. Its picture was laid out from `layout` and
// shown `scale` times as large from `origin`: the pointer is mapped back through it, so the
// picture takes it where it shows.
struct StageView {
  float below = 0.0f;  // height the captions and player took
  ImVec2 layout;
  ImVec2 origin;
  float scale = 1.0f;
  int frame = -1;             // ImGui's frame count when the stage last showed its picture
  double input_at = 0.0;      // ImGui::GetTime() of the last pointer move, touch or key on the stage
  float player_alpha = 1.0f;  // how opaque the player was drawn (it fades while the lesson plays)
};

struct Context {
  Theme theme = Theme::Light;             // the theme ApplyTheme last set
  bool more_contrast = false;             // and whether with more contrast
  Palette palette;                        // its colours
  Fonts fonts;                            // the atlas's fonts, once LoadFonts built them
  std::vector<ImWchar> glyph_ranges;      // what the atlas holds; ImGui reads it while it builds
  std::map<std::string, ItemRect> items;  // this frame's named rectangles, for tests and highlights
  ControlMap controls;                    // this frame's controls, for the platform's touch input
  AccessTree access;                      // this frame's controls as a screen reader meets them
  std::map<ImGuiID, NumberFieldState> number_fields;            // by the field's ImGui id
  bool scroll_to_highlight = false;                             // the next highlight drawn scrolls into view
  int highlights_drawn = 0;  // outlines drawn so far (DrawHighlight, the Compare plane's rings)
  ItemRect last_highlight;   // what the last outline drawn by DrawHighlight goes around
  // A widget sized to its content (fit_height) has no scrollbar: the highlight to scroll into view
  // is handed to the page instead, its top and bottom in layout pixels from the widget's top.
  bool reveal_due = false;
  float reveal_top = 0.0f;
  float reveal_bottom = 0.0f;
  lesson::EmbedOptions embed;  // the author's choices: scenes offered, bar, buttons, theme, corrections
  CopyLinkFn copy_link = nullptr;                               // the platform's "Copy link"; null = no button
  StateLinkFn state_link = nullptr;  // with open_url, what "Suggest a correction" needs; null = no button
  OpenUrlFn open_url = nullptr;
  // The platform's clipboard, for "Copy alt text"; null = no button.
  CopyTextFn copy_text = nullptr;
  SaveTextFn save_text = nullptr;  // the platform's "Save my record" (the quick check's predictions)
  std::string save_message;        // what the last save said, shown under its button
  std::string copy_message;     // what the last "Copy link" said, shown until the state changes
  bool keys_open = false;       // the list of keyboard keys shows (the bar's Keys button, or ?)
  bool menu_open = false;       // the bar's menu (Reset all, Copy link, ...) shows under it
  bool scene_menu_open = false; // the list of scenes shows under the bar (a phone's scene choice)
  std::string copied_state;     // the state that link holds
  PictureRun picture;           // "Save picture": the request and what the last one said
  float content_height = 0.0f;  // height the last frame's content needed, in layout pixels
  bool fit_height = false;      // the page sizes the widget to content_height: no scrollbar of its own
  lesson::PlaybackRun playback;  // the lesson player's run (ui/player_panel.h)
  // Text key of why the lesson plays without speech (natively, or no voice in the browser); null
  // while that is not known.
  const char* speech_note = nullptr;
  std::string played_highlight;  // the highlight the player last saw while playing
  bool on_stage = false;  // the lesson played on the stage (ui/stage.h) and was not left since
  StageView stage;        // how the stage showed the last frame (ui/stage.cpp)
  bool hide_player = false;      // a recording (--record) shows the lesson, not its player
  ImVector<EasedValue> motion;  // the values drawn eased, a few dozen (ui/motion.h)
  bool moving = false;          // a value was still on its way in the last frame: draw another
  bool reduced_motion = false;  // values jump (the system's or the player's setting)
  bool reduce_motion_setting = false;  // the player's "Reduce motion" box
  // ImGui::GetTime() when each open question was first drawn (0: not since it was answered), for
  // the time its answer took (ui/prediction.h): the predictions', then the quick check's.
  std::array<double, lesson::kQuestionCount + lesson::kQuizQuestionCount> asked_at{};
};

}  // namespace ui
