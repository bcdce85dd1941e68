#pragma once
// The functions of the widget's JavaScript library (web/js/library/*.js, linked with
// --js-library), which the web build's C++ calls. Each is an entry of that library's
// mergeInto(LibraryManager.library, {...}); its comment there says what it does. Web only.

extern "C" {

// web/js/library/page.js: the page and the loop (host_web.cpp, main_loop_web.cpp).
void attn_js_install();
void attn_js_container_size(int* size);
int attn_js_prefers_dark();
int attn_js_more_contrast();
int attn_js_reduced_motion();
void attn_js_reveal(float top, float bottom);
void attn_js_playback(const char* report);
void attn_js_prediction(const char* event);
void attn_js_save_text(const char* file, const char* text);
char* attn_js_lesson_text(int which);
void attn_js_state_changed(const char* state, const char* description, const char* table_json);
void attn_js_controls(const char* controls, unsigned focus);
void attn_js_content_height(int css_pixels);
int attn_js_copy_link(const char* state, char* out, int capacity, int copy);
int attn_js_begin_picture(int width, int height);
void attn_js_end_picture(const char* file, int width, int height, const char* alt_text);
void attn_js_open_url(const char* url);
void attn_js_frame_drawn(int frames);
void attn_js_loop_resume();
void attn_js_loop_pause();

// web/js/library/input.js and access.js: the canvas's input and the parallel DOM (window_web.cpp).
void attn_js_pointer_install();
void attn_js_access_install();

// web/js/library/canvas.js: the canvas's WebGL 2 context, size, band and cursor (window_web.cpp).
int attn_js_make_context();
int attn_js_use_context(int handle);
void attn_js_delete_context(int handle);
void attn_js_band_install();
void attn_js_band(int full_height, float* band);
double attn_js_pixel_ratio();
void attn_js_set_canvas_size(int width, int height, float band_top, float band_height, int full_height);
void attn_js_set_cursor(int shape);

}  // extern "C"
