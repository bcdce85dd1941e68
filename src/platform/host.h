#pragma once
// The seam between the app and what it runs in: everything the app asks of its page (web) or of
// the desktop (native), in one interface. The app holds one (App::host); MakeHost gives the one
// of this build: host_web.cpp talks to the page through the JavaScript library in web/js/library/,
// host_native.cpp answers with SDL2 and the desktop's defaults. The page's calls into the app go
// the other way, through exports_web.cpp. docs/architecture.md has the messages as a table.

#include <memory>
#include <string>

namespace lesson {
class TextStore;
}

namespace platform {

class Host {
 public:
  virtual ~Host() = default;

  // [What the page is like]
  // Web: listens for input, resizes, DPR and colour-scheme changes, and wakes the paused loop.
  virtual void Install() = 0;
  // Web: the canvas container's size in CSS pixels when it may have changed since the last call;
  // false when it has not, and always natively.
  virtual bool ContainerSize(int* width, int* height) = 0;
  // Web: false while the tab is hidden or the canvas is scrolled out of view (nothing is drawn then).
  virtual bool Shown() = 0;
  // True when the system prefers a dark colour scheme (web: prefers-color-scheme; natively
  // ATTENTION_LESSON_THEME=dark).
  virtual bool PrefersDark() = 0;
  // True when the system asks for more contrast (web: prefers-contrast: more, or forced colours such
  // as Windows' high contrast themes; natively ATTENTION_LESSON_CONTRAST=more).
  virtual bool PrefersMoreContrast() = 0;
  // True when moves should jump instead (web: prefers-reduced-motion; natively
  // ATTENTION_LESSON_REDUCED_MOTION=1).
  virtual bool ReducedMotion() = 0;
  // The text key of why the lesson plays without speech: natively always; on the web null (the
  // loader tells the widget whether the browser has a voice: AppSetNarration).
  virtual const char* SpeechNote() = 0;
  // Web: whether the WebGL context is lost (the GPU process restarted, the browser reclaimed it,
  // WEBGL_lose_context); nothing can be drawn until it comes back. Native: false.
  virtual bool ContextLost() = 0;
  // Web: true once after a lost context came back: every GL object made before is gone and must be
  // made again. Native: false.
  virtual bool TakeContextRestored() = 0;

  // [The loop]
  // Web: restarts the paused main loop (after the page changed the state); native: nothing.
  virtual void Wake() = 0;
  // Web: stops the main loop until the next input; native: nothing (the loop waits for events).
  virtual void Idle() = 0;

  // [The lesson's words]
  // Loads the lesson's English words into `store` (lesson::LessonFileNames). Natively: the built-in
  // text, then an author's lesson.txt and further.txt from `assets_dir` where they are (a malformed
  // section of one is reported and its built-in words stay). On the web only the files the loader
  // handed over (Module.lessonText, and Module.furtherText for the Go-further widget): there are
  // no built-in words, so a malformed section's keys show as [key] until it is fixed.
  virtual void LoadLessonText(const std::string& assets_dir, lesson::TextStore& store) = 0;
  // The lesson file `name` (lesson::kLessonFileName or kFurtherFileName) of `locale` (not English),
  // as *file (its name as a warning shows it) and *contents. Natively assets_dir/CODE/NAME; on the
  // web the translation the loader handed over (Module.translationText or furtherTranslationText,
  // fetched from lesson/CODE/NAME). False when there is none (*file still names where it was
  // looked for).
  virtual bool ReadTranslation(const std::string& assets_dir, const std::string& locale, const std::string& name,
                               std::string* file, std::string* contents) = 0;
  // The lesson's words compiled in (natively: assets/lesson/'s files as built); null on the web,
  // which compiles none in. A timeline step whose actions do not parse plays these instead.
  virtual const lesson::TextStore* BuiltInText() = 0;

  // [What the app tells the page] (native: nothing)
  // A change of what the widget shows: the shareable state (URL fragment encoding), a sentence for
  // the ARIA live region and the current numbers as a JSON table ({caption, columns, rows}).
  virtual void StateChanged(const std::string& state, const std::string& description,
                            const std::string& table_json) = 0;
  // Web: true, the page keeps an element for each control (Controls). Native: false, nothing is
  // told and the list need not be encoded.
  virtual bool MirrorsControls() = 0;
  // The widget's controls as a screen reader meets them (ui::EncodeAccess) and the one ImGui's
  // focus is on (0: none), for the page's parallel DOM; called when either changed.
  virtual void Controls(const std::string& controls, unsigned focus) = 0;
  // The height the widget's content needs, in CSS pixels (an embedding iframe follows it).
  virtual void ContentHeight(int css_pixels) = 0;
  // Where the lesson's playback is, as JSON {playing, time, duration, step, caption}, for the
  // page's playback event and its narration (speech.js).
  virtual void Playback(const std::string& report) = 0;
  // A prediction committed or skipped, or a quick-check answer checked, as JSON
  // (lesson::PredictionEventJson), for the page's attention-widget-prediction event.
  virtual void Prediction(const std::string& event) = 0;
  // Scrolls the page so the widget's rows top..bottom (layout pixels from its top) are in view, if
  // they are not (a highlighted part of a widget sized to its content).
  virtual void Reveal(float top, float bottom) = 0;
  // The number of frames drawn (data-frames) and the wasm heap's size (data-heap), on the canvas,
  // for tests and hosts.
  virtual void FrameDrawn(int frames_drawn) = 0;

  // [What the learner asks for]
  // Copies a link to `state` (web: the widget page's URL with it as the #fragment; native: the
  // --state argument) to the clipboard; returns a line telling the learner what happened.
  virtual std::string CopyLink(const std::string& state) = 0;
  // The link that opens the widget in `state` (web: the widget page with it as its #fragment;
  // native: the command line), for a correction's report.
  virtual std::string StateLink(const std::string& state) = 0;
  // Whether CopyText has a clipboard to copy to (natively; the web widget has no such button: its
  // download budget is tight, and its page hears the alt text through EndPicture).
  virtual bool CopiesText() = 0;
  // Copies `text` to the clipboard and returns a line telling the learner whether it did.
  virtual std::string CopyText(const std::string& text) = 0;
  // "Save picture" (platform/picture.h). Binds a framebuffer of width x height pixels to draw the
  // picture into: natively an offscreen one; on the web the canvas, enlarged (the browser encodes
  // its pixels as they are; put back by EndPicture in the same task, nothing of it shows). False,
  // with nothing changed, when GL cannot make one that large.
  virtual bool BeginPicture(int width, int height) = 0;
  // Saves what was drawn as `file` and lets go of the framebuffer: natively a PNG in the working
  // directory, numbered when the name is taken (attention-mask-2.png), with `alt_text` as its
  // Description; on the web a download of the PNG the browser encodes, and the page hears of it
  // (Module.onPicture with {width, height, altText}). *message says what happened, for the
  // learner; false when it was not saved.
  virtual bool EndPicture(const std::string& file, int width, int height, const std::string& alt_text,
                          std::string* message) = 0;
  // Saves `text` (UTF-8) as a text file named like `file` for the learner to keep (the record of
  // their predictions): natively in the working directory, numbered when the name is taken; on the
  // web a download. *message says what happened; false when it was not saved.
  virtual bool SaveText(const std::string& file, const std::string& text, std::string* message) = 0;
  // Opens `url` (an http(s) or mailto URL checked by lesson/embed_options): web, a new tab without
  // access to this page; native, the system's browser or mail program.
  virtual void OpenUrl(const std::string& url) = 0;
};

// The host of this build (web or native).
std::unique_ptr<Host> MakeHost();

// Where the lesson text files are read from when no --assets names a folder: natively
// ATTENTION_LESSON_ASSETS, else the source tree's assets/lesson; on the web none (empty).
std::string DefaultLessonDir();

// The learner's line about a picture: `key` filled with its file name and size.
std::string PictureLine(const char* key, const std::string& file, int width, int height);

}  // namespace platform
