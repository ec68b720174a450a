# Warnings for our own targets: -Wall -Wextra, and warnings are errors in our code.
# Generated code (protobuf/gRPC) is compiled without -Werror; see proto/CMakeLists.txt.
function(mailrun_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Werror -Wno-error=deprecated-declarations)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    # -Wrestrict: GCC 12 reports false positives inside std::string at -O3 (GCC bug 105329).
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
endfunction()
