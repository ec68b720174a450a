# mailrun_embed_files(<target> <namespace> <function> [BASE_DIR <dir>] FILES <file>...)
#
# Generates a C++ source that holds the given files' contents as string constants, so binaries
# carry their data (board data, SQL migrations) and need no files at run time. The generated
# function returns a std::vector of {name, contents} pairs, where name is the file's path relative to BASE_DIR
# (its base name when BASE_DIR is not given).
function(mailrun_embed_files target namespace function)
  cmake_parse_arguments(ARG "" "BASE_DIR" "FILES" ${ARGN})
  set(out_cc ${CMAKE_CURRENT_BINARY_DIR}/${function}_embedded.cc)
  add_custom_command(
    OUTPUT ${out_cc}
    COMMAND ${CMAKE_COMMAND} -DOUT=${out_cc} -DNAMESPACE=${namespace} -DFUNCTION=${function}
            "-DFILES=${ARG_FILES}" "-DBASE_DIR=${ARG_BASE_DIR}" -P ${CMAKE_SOURCE_DIR}/cmake/MailrunEmbedScript.cmake
    DEPENDS ${ARG_FILES} ${CMAKE_SOURCE_DIR}/cmake/MailrunEmbedScript.cmake
    COMMENT "Embedding ${function} files"
    VERBATIM)
  target_sources(${target} PRIVATE ${out_cc})
endfunction()
