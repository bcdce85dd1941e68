# The lesson page of every language, from the one template web/lesson-page.html and the language's
# page words (assets/lesson/page.txt for English, assets/lesson/CODE/page.txt for each folder of
# assets/lesson/ holding a lesson.txt), written by scripts/make-lesson-page.mjs, which stops the
# build on a missing or unknown key. docs/translating.md.
#
# attn_lesson_pages(OUT_DIR NODE OUTPUTS_VAR): a command per language writing OUT_DIR/index.html
# (English) and OUT_DIR/CODE/index.html; OUTPUTS_VAR is set to them, English first. Each page
# depends on every language's words: it links to the other languages by their names.
function(attn_lesson_pages out_dir node outputs_var)
  set(lesson_dir "${PROJECT_SOURCE_DIR}/assets/lesson")
  set(template "${PROJECT_SOURCE_DIR}/web/lesson-page.html")
  set(script "${PROJECT_SOURCE_DIR}/scripts/make-lesson-page.mjs")
  file(GLOB translations RELATIVE "${lesson_dir}" CONFIGURE_DEPENDS "${lesson_dir}/*/lesson.txt")
  list(TRANSFORM translations REPLACE "/lesson\\.txt$" "")
  # Only the words that exist: a language without them is for the script to name.
  file(GLOB words CONFIGURE_DEPENDS "${lesson_dir}/page.txt" "${lesson_dir}/*/page.txt")
  set(outputs)
  foreach(locale en ${translations})
    if(locale STREQUAL "en")
      set(page "${out_dir}/index.html")
    else()
      set(page "${out_dir}/${locale}/index.html")
    endif()
    add_custom_command(
      OUTPUT "${page}"
      COMMAND ${node} ${script} ${template} ${lesson_dir} ${locale} ${page}
      DEPENDS ${template} ${words} ${script}
      COMMENT "Writing the ${locale} lesson page from web/lesson-page.html and its page words"
      VERBATIM)
    list(APPEND outputs "${page}")
  endforeach()
  set(${outputs_var} ${outputs} PARENT_SCOPE)
endfunction()
