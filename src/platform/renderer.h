#pragma once
// Draws ImGui's draw lists with OpenGL 3 (native) or WebGL 2 (web).
//
// The app draws nothing else into its context, so this renderer sets the GL state it needs every
// frame and never reads any back. ImGui's stock OpenGL backend saves and restores the caller's
// state with about twenty glGet calls a frame; in a browser each such query is a round trip that
// waits until the GPU process has finished every command queued before it, which would make a
// frame during a drag cost several times its own work. For the same reason the program is checked once,
// when the GPU has little left to finish (RendererCheckProgram), and nothing asks GL for attribute or
// uniform locations:
// attributes are bound to fixed slots before linking and the projection is a constant attribute.

struct ImDrawData;

namespace platform {

// The GL objects the renderer made in its context (GL names; 0: none), held by the app.
struct Renderer {
  unsigned program = 0;
  unsigned vertex_shader = 0;
  unsigned fragment_shader = 0;
  unsigned vertex_array = 0;
  unsigned vertex_buffer = 0;
  unsigned index_buffer = 0;
  unsigned font_texture = 0;
  bool program_checked = false;
};

// Makes the shader program, buffers and vertex array in the current context. `glsl_version` is
// the first line of both shaders ("#version 300 es", "#version 130").
void RendererInit(Renderer& renderer, const char* glsl_version);
// (Re)makes the font texture from ImGui's font atlas, which must have been built.
void RendererUploadFonts(Renderer& renderer);
// Draws one frame's lists into the bound framebuffer, whose size in pixels is fb_width x fb_height.
void RendererDraw(Renderer& renderer, const ImDrawData* draw_data, int fb_width, int fb_height);
// Once: reports on stderr a program that did not link. It waits for the GPU to finish what it was
// sent (a browser asks the same the first time a program is used, and remembers the answer), so the
// app calls it when it goes idle after its first frame or, in a staged start, between the steps
// before that frame.
void RendererCheckProgram(Renderer& renderer);
// Deletes every GL object the renderer made (after a lost context, the names are simply dropped).
void RendererShutdown(Renderer& renderer);

}  // namespace platform
