#include "platform/renderer.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "platform/gl.h"

namespace platform {

namespace {

// Fixed attribute slots, bound before linking so no location is ever asked for.
enum Attribute : GLuint { kPosition = 0, kUv = 1, kColor = 2, kTransform = 3 };

static_assert(sizeof(GLuint) == sizeof(unsigned), "renderer.h holds GL names as unsigned");

// Positions arrive in layout pixels; Transform maps them to clip space (scale xy, offset zw).
// The font atlas holds coverage only (one channel), so every colour comes from the vertex.
const char kVertexShader[] = R"(
in vec2 Position;
in vec2 UV;
in vec4 Color;
in vec4 Transform;
out vec2 Frag_UV;
out vec4 Frag_Color;
void main() {
  Frag_UV = UV;
  Frag_Color = Color;
  gl_Position = vec4(Position * Transform.xy + Transform.zw, 0.0, 1.0);
}
)";

const char kFragmentShader[] = R"(
#ifdef GL_ES
precision mediump float;
#endif
uniform sampler2D Texture;
in vec2 Frag_UV;
in vec4 Frag_Color;
out vec4 Out_Color;
void main() {
  Out_Color = vec4(Frag_Color.rgb, Frag_Color.a * texture(Texture, Frag_UV).r);
}
)";

GLuint MakeShader(GLenum type, const char* glsl_version, const char* body) {
  const std::string header = std::string(glsl_version) + "\n";
  const char* sources[2] = {header.c_str(), body};
  const GLuint shader = glCreateShader(type);
  glShaderSource(shader, 2, sources, nullptr);
  glCompileShader(shader);
  return shader;
}

std::string ShaderLog(GLuint shader) {
  GLint length = 0;
  glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
  std::string log(length > 1 ? static_cast<size_t>(length) : 1, '\0');
  glGetShaderInfoLog(shader, static_cast<GLsizei>(log.size()), nullptr, &log[0]);
  return log.c_str();
}

// Asked once (RendererCheckProgram says when).
void CheckProgram(Renderer& r) {
  r.program_checked = true;
  GLint linked = GL_FALSE;
  glGetProgramiv(r.program, GL_LINK_STATUS, &linked);
  if (linked == GL_TRUE) return;
  // A lost context says "not linked" of every program, and has no log to give (on the web the
  // log is null, which the GL glue would read as a string). Its loss may come before the page hears
  // of it; the program made after the restore is checked then.
  if (glIsProgram(r.program) == GL_FALSE) {
    r.program_checked = false;
    return;
  }
  GLint length = 0;
  glGetProgramiv(r.program, GL_INFO_LOG_LENGTH, &length);
  std::string log(length > 1 ? static_cast<size_t>(length) : 1, '\0');
  glGetProgramInfoLog(r.program, static_cast<GLsizei>(log.size()), nullptr, &log[0]);
  std::fprintf(
      stderr, "error: the GL program for drawing the widget did not link: %s\nvertex shader: %s\nfragment shader: %s\n",
      log.c_str(), ShaderLog(r.vertex_shader).c_str(), ShaderLog(r.fragment_shader).c_str());
}

void SetVertexLayout(size_t first_vertex) {
  const GLsizei stride = sizeof(ImDrawVert);
  const auto at = [first_vertex](size_t member) {
    return reinterpret_cast<const void*>(first_vertex * sizeof(ImDrawVert) + member);
  };
  glVertexAttribPointer(kPosition, 2, GL_FLOAT, GL_FALSE, stride, at(offsetof(ImDrawVert, pos)));
  glVertexAttribPointer(kUv, 2, GL_FLOAT, GL_FALSE, stride, at(offsetof(ImDrawVert, uv)));
  glVertexAttribPointer(kColor, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, at(offsetof(ImDrawVert, col)));
}

void DeleteFontTexture(Renderer& r) {
  if (r.font_texture != 0) glDeleteTextures(1, &r.font_texture);
  r.font_texture = 0;
  ImGui::GetIO().Fonts->SetTexID(nullptr);
}

}  // namespace

void RendererInit(Renderer& r, const char* glsl_version) {
  r = Renderer{};
  r.vertex_shader = MakeShader(GL_VERTEX_SHADER, glsl_version, kVertexShader);
  r.fragment_shader = MakeShader(GL_FRAGMENT_SHADER, glsl_version, kFragmentShader);
  r.program = glCreateProgram();
  glAttachShader(r.program, r.vertex_shader);
  glAttachShader(r.program, r.fragment_shader);
  glBindAttribLocation(r.program, kPosition, "Position");
  glBindAttribLocation(r.program, kUv, "UV");
  glBindAttribLocation(r.program, kColor, "Color");
  glBindAttribLocation(r.program, kTransform, "Transform");
  glLinkProgram(r.program);  // the sampler uniform keeps its default: texture unit 0
  // Sent now, the GPU side compiles and links while the app builds its fonts; otherwise the
  // commands wait in the browser's queue until the first draw, which then waits for the compiler.
  glFlush();

  glGenVertexArrays(1, &r.vertex_array);
  glGenBuffers(1, &r.vertex_buffer);
  glGenBuffers(1, &r.index_buffer);
  glBindVertexArray(r.vertex_array);
  glBindBuffer(GL_ARRAY_BUFFER, r.vertex_buffer);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, r.index_buffer);  // remembered by the vertex array
  glEnableVertexAttribArray(kPosition);
  glEnableVertexAttribArray(kUv);
  glEnableVertexAttribArray(kColor);
  glBindVertexArray(0);

  ImGuiIO& io = ImGui::GetIO();
  io.BackendRendererName = "attention_lesson_gl";
  // Long lists are drawn in parts: each part re-points the attributes at its first vertex.
  io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;
}

void RendererUploadFonts(Renderer& r) {
  DeleteFontTexture(r);
  ImGuiIO& io = ImGui::GetIO();
  unsigned char* pixels = nullptr;
  int width = 0, height = 0;
  io.Fonts->GetTexDataAsAlpha8(&pixels, &width, &height);
  glGenTextures(1, &r.font_texture);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, r.font_texture);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, width, height, 0, GL_RED, GL_UNSIGNED_BYTE, pixels);
  io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(r.font_texture)));
}

void RendererDraw(Renderer& r, const ImDrawData* draw_data, int fb_width, int fb_height) {
  if (draw_data == nullptr || fb_width <= 0 || fb_height <= 0 || r.program == 0) return;

  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_CULL_FACE);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_STENCIL_TEST);
  glEnable(GL_SCISSOR_TEST);
  glViewport(0, 0, fb_width, fb_height);
  glUseProgram(r.program);
  glActiveTexture(GL_TEXTURE0);
  glBindVertexArray(r.vertex_array);
  glBindBuffer(GL_ARRAY_BUFFER, r.vertex_buffer);

  // Layout pixels (DisplayPos .. DisplayPos + DisplaySize) to clip space, y pointing down.
  const ImVec2 pos = draw_data->DisplayPos;
  const ImVec2 size = draw_data->DisplaySize;
  if (size.x <= 0.0f || size.y <= 0.0f) return;
  const float scale_x = 2.0f / size.x;
  const float scale_y = -2.0f / size.y;
  glVertexAttrib4f(kTransform, scale_x, scale_y, -1.0f - pos.x * scale_x, 1.0f - pos.y * scale_y);

  const ImVec2 clip_scale = draw_data->FramebufferScale;
  const GLenum index_type = sizeof(ImDrawIdx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT;
  GLuint bound_texture = 0;
  for (int n = 0; n < draw_data->CmdListsCount; ++n) {
    const ImDrawList* list = draw_data->CmdLists[n];
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(list->VtxBuffer.Size) * sizeof(ImDrawVert),
                 list->VtxBuffer.Data, GL_STREAM_DRAW);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(list->IdxBuffer.Size) * sizeof(ImDrawIdx),
                 list->IdxBuffer.Data, GL_STREAM_DRAW);
    size_t layout_at = static_cast<size_t>(-1);
    for (const ImDrawCmd& cmd : list->CmdBuffer) {
      if (cmd.UserCallback != nullptr) {
        // The widget adds no callbacks of its own; ImGui's reset marker needs nothing here.
        if (cmd.UserCallback != ImDrawCallback_ResetRenderState) cmd.UserCallback(list, &cmd);
        continue;
      }
      const ImVec2 clip_min((cmd.ClipRect.x - pos.x) * clip_scale.x, (cmd.ClipRect.y - pos.y) * clip_scale.y);
      const ImVec2 clip_max((cmd.ClipRect.z - pos.x) * clip_scale.x, (cmd.ClipRect.w - pos.y) * clip_scale.y);
      if (clip_max.x <= clip_min.x || clip_max.y <= clip_min.y || cmd.ElemCount == 0) continue;
      // Outside the framebuffer's rows (a band of a tall display): nothing of it would show.
      if (clip_max.y <= 0.0f || clip_min.y >= static_cast<float>(fb_height)) continue;
      glScissor(static_cast<int>(clip_min.x), static_cast<int>(static_cast<float>(fb_height) - clip_max.y),
                static_cast<int>(clip_max.x - clip_min.x), static_cast<int>(clip_max.y - clip_min.y));
      const GLuint texture = static_cast<GLuint>(reinterpret_cast<intptr_t>(cmd.GetTexID()));
      if (texture != bound_texture) {
        glBindTexture(GL_TEXTURE_2D, texture);
        bound_texture = texture;
      }
      if (cmd.VtxOffset != layout_at) {
        layout_at = cmd.VtxOffset;
        SetVertexLayout(layout_at);
      }
      glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(cmd.ElemCount), index_type,
                     reinterpret_cast<const void*>(cmd.IdxOffset * sizeof(ImDrawIdx)));
    }
  }
  glBindVertexArray(0);
  glDisable(GL_SCISSOR_TEST);
}

void RendererCheckProgram(Renderer& r) {
  if (!r.program_checked && r.program != 0) CheckProgram(r);
}

void RendererShutdown(Renderer& r) {
  DeleteFontTexture(r);
  if (r.vertex_buffer != 0) glDeleteBuffers(1, &r.vertex_buffer);
  if (r.index_buffer != 0) glDeleteBuffers(1, &r.index_buffer);
  if (r.vertex_array != 0) glDeleteVertexArrays(1, &r.vertex_array);
  if (r.program != 0) glDeleteProgram(r.program);
  if (r.vertex_shader != 0) glDeleteShader(r.vertex_shader);
  if (r.fragment_shader != 0) glDeleteShader(r.fragment_shader);
  r = Renderer{};
}

}  // namespace platform
