// The host of the native build: the desktop through SDL2 (clipboard, URLs), an offscreen
// framebuffer for pictures, and environment variables in place of a page's preferences.
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

#include <SDL.h>

#include "lesson/builtin_text.h"
#include "lesson/locale.h"
#include "lesson/text_store.h"
#include "platform/gl.h"
#include "platform/host.h"
#include "platform/png_writer.h"

namespace platform {

namespace {

// `file` ("attention-mask.png") or, when a file of that name is there already, the first of
// attention-mask-2.png, -3, ... that is not; empty when none up to -999 is free.
std::string FreeFileName(const std::string& file) {
  const size_t dot = file.rfind('.');
  const std::string stem = file.substr(0, dot), extension = dot == std::string::npos ? "" : file.substr(dot);
  for (int number = 1; number < 1000; ++number) {
    const std::string name = number == 1 ? file : stem + "-" + std::to_string(number) + extension;
    std::error_code error;
    // symlink_status: a link to nowhere is a name taken too.
    if (!std::filesystem::exists(std::filesystem::symlink_status(name, error))) return name;
  }
  return std::string();
}

// Why a text file was not saved, on stderr and in *message for the learner; false.
bool SaveFailed(const std::string& file, std::string* message) {
  std::error_code ignored;
  std::fprintf(stderr, "error: could not write %s in %s: %s\n", file.c_str(),
               std::filesystem::current_path(ignored).string().c_str(),
               errno != 0 ? std::strerror(errno) : "999 files of that name are there already");
  *message = lesson::Fill(lesson::T("widget.text_not_saved"), {{"file", file}});
  return false;
}

// A lesson file is a few dozen kilobytes; a megabyte bounds what a mistaken path can pull in.
bool ReadLessonFile(const std::string& path, std::string* contents) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return false;
  constexpr std::streamsize kMaxBytes = 1 << 20;
  contents->assign(static_cast<size_t>(kMaxBytes), '\0');
  file.read(&(*contents)[0], kMaxBytes);
  contents->resize(static_cast<size_t>(file.gcount()));
  return true;
}

bool EnvironmentSays(const char* name, const char* value) {
  const char* set = std::getenv(name);
  return set != nullptr && std::strcmp(set, value) == 0;
}

class NativeHost final : public Host {
 public:
  void Install() override {}
  bool ContainerSize(int*, int*) override { return false; }
  bool Shown() override { return true; }
  bool PrefersDark() override { return EnvironmentSays("ATTENTION_LESSON_THEME", "dark"); }
  bool PrefersMoreContrast() override { return EnvironmentSays("ATTENTION_LESSON_CONTRAST", "more"); }
  bool ReducedMotion() override { return EnvironmentSays("ATTENTION_LESSON_REDUCED_MOTION", "1"); }
  // SDL2 has no speech, and a speech engine (espeak, speech-dispatcher) would be a dependency the
  // desktop app does not otherwise need: natively the lesson plays with captions.
  const char* SpeechNote() override { return "walkthrough.no_speech_native"; }
  bool ContextLost() override { return false; }
  bool TakeContextRestored() override { return false; }

  void Wake() override {}
  void Idle() override {}

  void LoadLessonText(const std::string& assets_dir, lesson::TextStore& store) override {
    lesson::LoadBuiltInText(store);
    if (assets_dir.empty()) return;
    for (const std::string& name : lesson::LessonFileNames()) {
      const std::string path = assets_dir + "/" + name;
      std::string contents;
      if (ReadLessonFile(path, &contents)) store.Load(path, contents);
    }
  }

  bool ReadTranslation(const std::string& assets_dir, const std::string& locale, const std::string& name,
                       std::string* file, std::string* contents) override {
    *file = (assets_dir.empty() ? std::string(".") : assets_dir) + "/" + lesson::LocaleFile(locale, name);
    return !assets_dir.empty() && ReadLessonFile(*file, contents);
  }

  const lesson::TextStore* BuiltInText() override {
    if (!builtin_loaded_) {
      lesson::LoadBuiltInText(builtin_);
      builtin_loaded_ = true;
    }
    return &builtin_;
  }

  void StateChanged(const std::string&, const std::string&, const std::string&) override {}
  bool MirrorsControls() override { return false; }
  void Controls(const std::string&, unsigned) override {}
  void ContentHeight(int) override {}
  void Playback(const std::string&) override {}
  void Prediction(const std::string&) override {}
  void Reveal(float, float) override {}
  void FrameDrawn(int) override {}

  std::string CopyLink(const std::string& state) override {
    const std::string argument = "--state '" + state + "'";
    SDL_SetClipboardText(argument.c_str());
    return lesson::Fill(lesson::T("widget.link_native"), {{"argument", argument}});
  }

  std::string StateLink(const std::string& state) override { return "attention_lesson --state '" + state + "'"; }

  bool CopiesText() override { return true; }

  std::string CopyText(const std::string& text) override {
    return lesson::T(SDL_SetClipboardText(text.c_str()) == 0 ? "widget.text_copied" : "widget.text_not_copied");
  }

  // A size beyond the GPU's limits or memory shows as an error or an incomplete framebuffer.
  bool BeginPicture(int width, int height) override {
    for (int i = 0; i < 8 && glGetError() != GL_NO_ERROR; ++i) {  // errors from before, if any
    }
    glGenRenderbuffers(1, &picture_renderbuffer_);
    glBindRenderbuffer(GL_RENDERBUFFER, picture_renderbuffer_);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    glGenFramebuffers(1, &picture_framebuffer_);
    glBindFramebuffer(GL_FRAMEBUFFER, picture_framebuffer_);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, picture_renderbuffer_);
    if (glGetError() == GL_NO_ERROR && glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE) return true;
    ReleasePictureTarget();
    return false;
  }

  bool EndPicture(const std::string& file, int width, int height, const std::string& alt_text,
                  std::string* message) override {
    const size_t row = static_cast<size_t>(width) * 4;
    std::vector<uint8_t> rgba(row * static_cast<size_t>(height));
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
    ReleasePictureTarget();
    PngOptions options;
    options.bottom_up = true;  // GL reads the bottom row first
    options.description = alt_text;
    const std::string name = FreeFileName(file);
    errno = 0;
    if (name.empty() || !WritePng(name, width, height, rgba, options)) {
      const std::string shown = name.empty() ? file : name;
      const char* why = name.empty() ? "999 pictures of that name are there already"
                        : errno != 0 ? std::strerror(errno)
                                     : "it could not be encoded";
      std::error_code ignored;
      std::fprintf(stderr, "error: could not write the picture %s in %s: %s\n", shown.c_str(),
                   std::filesystem::current_path(ignored).string().c_str(), why);
      *message = PictureLine("widget.picture_not_saved", shown, width, height);
      return false;
    }
    *message = PictureLine("widget.picture_saved", name, width, height);
    return true;
  }

  bool SaveText(const std::string& file, const std::string& text, std::string* message) override {
    const std::string name = FreeFileName(file);
    errno = 0;
    std::FILE* out = name.empty() ? nullptr : std::fopen(name.c_str(), "wb");
    const bool written = out != nullptr && std::fwrite(text.data(), 1, text.size(), out) == text.size();
    if (out != nullptr && std::fclose(out) != 0) return SaveFailed(name, message);
    if (!written) return SaveFailed(name.empty() ? file : name, message);
    *message = lesson::Fill(lesson::T("widget.text_saved"), {{"file", name}});
    return true;
  }

  void OpenUrl(const std::string& url) override {
    if (SDL_OpenURL(url.c_str()) != 0) std::fprintf(stderr, "warning: could not open %s: %s\n", url.c_str(), SDL_GetError());
  }

 private:
  void ReleasePictureTarget() {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glBindRenderbuffer(GL_RENDERBUFFER, 0);
    glDeleteFramebuffers(1, &picture_framebuffer_);
    glDeleteRenderbuffers(1, &picture_renderbuffer_);
    picture_framebuffer_ = picture_renderbuffer_ = 0;
  }

  // The offscreen framebuffer a picture is drawn into, an RGBA8 renderbuffer.
  GLuint picture_framebuffer_ = 0;
  GLuint picture_renderbuffer_ = 0;
  lesson::TextStore builtin_;  // BuiltInText, loaded when first asked for
  bool builtin_loaded_ = false;
};

}  // namespace

std::unique_ptr<Host> MakeHost() { return std::make_unique<NativeHost>(); }

std::string DefaultLessonDir() {
  const char* from_env = std::getenv("ATTENTION_LESSON_ASSETS");
  return from_env ? from_env : ATTN_SOURCE_ASSETS_DIR;
}

}  // namespace platform
