# The narration as audio, in the site (included by web/CMakeLists.txt): for every locale (en and
# each folder of assets/lesson/ with a lesson.txt), scripts/narration/render.mjs speaks each cue of
# the walkthrough (attention_cues lists them) with the locale's voice, or takes the author's
# recording from assets/narration/LOCALE/, and writes site/narration/LOCALE/: CUE_ID.webm,
# cues.json (each cue's file and length) and cues.txt (the list an author records from).
# docs/narration.md. The widget fetches them only when the lesson is first played; they are no part
# of its transfer. Each file is cached in narration-cache/ under a hash of what made it, so a
# rebuild speaks only the cues whose words, voice or recording changed.
foreach(program text2wave espeak-ng ffmpeg ffprobe)
  string(MAKE_C_IDENTIFIER "ATTN_${program}" variable)
  find_program(${variable} ${program} NO_CMAKE_FIND_ROOT_PATH)
  if(NOT ${variable})
    message(FATAL_ERROR "${program} not found: the narration is spoken and encoded by Debian's festival, espeak-ng "
                        "and ffmpeg; run scripts/bootstrap")
  endif()
endforeach()

set(ATTN_NARRATION_OUTPUTS)
file(GLOB ATTN_NARRATION_SCRIPTS CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/scripts/narration/*.mjs")
foreach(locale en ${ATTN_TRANSLATIONS})
  set(out "${ATTN_SITE_DIR}/narration/${locale}")
  set(lesson_files "${ATTN_LESSON_TEXT}")
  if(NOT locale STREQUAL "en")
    list(APPEND lesson_files "${PROJECT_SOURCE_DIR}/assets/lesson/${locale}/lesson.txt")
  endif()
  # A recording added, changed or removed (and the list it was made from) renders the locale again.
  file(GLOB recordings CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/assets/narration/${locale}/*")
  add_custom_command(
    OUTPUT "${out}/cues.json"
    BYPRODUCTS "${out}/cues.txt"
    COMMAND ${ATTN_NODE_FOR_BUILD} ${PROJECT_SOURCE_DIR}/scripts/narration/render.mjs --locale ${locale} --out "${out}"
            --tool $<TARGET_FILE:attention_cues> --lessons ${PROJECT_SOURCE_DIR}/assets/lesson
            --recordings ${PROJECT_SOURCE_DIR}/assets/narration --cache "${CMAKE_BINARY_DIR}/narration-cache"
            --compressed-copies
    DEPENDS attention_cues ${lesson_files} ${recordings} ${ATTN_NARRATION_SCRIPTS} ${PROJECT_SOURCE_DIR}/scripts/compress-site.mjs
    COMMENT "Rendering the narration's audio (${locale})"
    VERBATIM)
  list(APPEND ATTN_NARRATION_OUTPUTS "${out}/cues.json")
endforeach()
add_custom_target(narration ALL DEPENDS ${ATTN_NARRATION_OUTPUTS})
