# Per-target build settings shared by the project's own targets.

# Sanitizers for a target when ATTN_SANITIZE is on (native only). The sanitized build optimizes at
# -O1 (CMakePresets.json), where GCC's -Wmaybe-uninitialized misreads the sanitizers' code (it
# flags libstdc++'s std::regex): that warning is left to the plain native build, which keeps it.
function(attn_sanitize target)
  if(ATTN_SANITIZE AND NOT EMSCRIPTEN)
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
                                             $<$<CXX_COMPILER_ID:GNU>:-Wno-maybe-uninitialized>)
    target_link_options(${target} PUBLIC -fsanitize=address,undefined)
  endif()
endfunction()

# Coverage instrumentation for libFuzzer plus AddressSanitizer + UndefinedBehaviorSanitizer, for a
# library a fuzz target links (ATTN_FUZZ, clang only). The fuzz target itself links with
# -fsanitize=fuzzer,address,undefined, which brings in libFuzzer's main; any other executable that
# links the library gets the sanitizers' runtimes through the public link option.
function(attn_fuzz_instrument target)
  target_compile_options(${target} PRIVATE -fsanitize=fuzzer-no-link,address,undefined
    -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_link_options(${target} PUBLIC -fsanitize=address,undefined)
endfunction()

# Strict warnings and sanitizers for the project's own code (not third-party sources). In the
# fuzz build every project library is instrumented, so the fuzz targets test the libraries the
# product links, not copies, and a new library is covered without being listed.
function(attn_project_target target)
  get_target_property(target_type ${target} TYPE)
  if(ATTN_FUZZ AND target_type STREQUAL "STATIC_LIBRARY")
    attn_fuzz_instrument(${target})
  endif()
  if(MSVC)
    target_compile_options(${target} PRIVATE /W4)
  else()
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
      -Wno-sign-conversion -Wnon-virtual-dtor -Wold-style-cast -Wcast-align -Wnull-dereference
      -Wdouble-promotion -Wformat=2 -Wimplicit-fallthrough)
    if(ATTN_WARNINGS_AS_ERRORS)
      target_compile_options(${target} PRIVATE -Werror)
    endif()
  endif()
  attn_sanitize(${target})
endfunction()

# The web widget's size settings (the transfer budget is in docs/performance.md): optimise for
# size with link-time optimisation across our code and ImGui, and leave out C++ exceptions and RTTI,
# which nothing in the widget uses. Native builds and the test executables keep their defaults.
# attn_web_lean(target SPEED) optimises for speed instead (-O2), for the arithmetic the widget
# runs thousands of times a frame (attention passes, training steps): at -Oz even a vector's
# operator[] stays a call, which made a training step about 4 times slower, for 1.5 KB less gzip.
# The level is chosen, not appended: a later -O2 does not undo an -Oz given to emcc before it.
function(attn_web_lean target)
  if(EMSCRIPTEN)
    set(level -Oz)
    if(ARGV1 STREQUAL "SPEED")
      set(level -O2)
    endif()
    target_compile_options(${target} PRIVATE ${level} -flto $<$<COMPILE_LANGUAGE:CXX>:-fno-exceptions -fno-rtti>)
  endif()
endfunction()
