# The linker: mold where installed (deploy/debian-packages.txt [build]), else lld, else the
# compiler's default (GNU ld). Linking ~90 executables against gRPC and protobuf is a large part of
# a cold build with GNU ld; mold does the same work in a fraction of the CPU time.
#   -DMAILRUN_LINKER=auto (default) | mold | lld | default
set(MAILRUN_LINKER auto CACHE STRING "Linker: auto (mold, else lld, else the default), mold, lld or default")
set_property(CACHE MAILRUN_LINKER PROPERTY STRINGS auto mold lld default)

include(CheckLinkerFlag)

function(mailrun_choose_linker)
  if(MAILRUN_LINKER STREQUAL "default")
    message(STATUS "Linker: the compiler's default (MAILRUN_LINKER=default)")
    return()
  elseif(MAILRUN_LINKER STREQUAL "auto")
    set(candidates mold lld)
  else()
    set(candidates ${MAILRUN_LINKER})
  endif()
  foreach(linker ${candidates})
    # The check links a small program with the flag, so a listed but broken linker is skipped.
    check_linker_flag(CXX "-fuse-ld=${linker}" MAILRUN_HAVE_LINKER_${linker})
    if(MAILRUN_HAVE_LINKER_${linker})
      add_link_options("-fuse-ld=${linker}")
      message(STATUS "Linker: ${linker}")
      return()
    endif()
  endforeach()
  if(NOT MAILRUN_LINKER STREQUAL "auto")
    message(FATAL_ERROR "MAILRUN_LINKER=${MAILRUN_LINKER}, but the compiler cannot link with it")
  endif()
  message(STATUS "Linker: the compiler's default (neither mold nor lld found)")
endfunction()

mailrun_choose_linker()
