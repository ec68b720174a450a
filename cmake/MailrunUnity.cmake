# Unity builds: CMake compiles a target's sources in batches, each batch one translation unit that
# #includes them, so the headers they share (GoogleTest, the gRPC stubs, protobuf, json, fmt) are
# parsed once per batch instead of once per file. Parsing the headers is half of most files' compile
# time and two thirds of those that include the gRPC stubs (docs/benchmarks.md, "Build and test
# time").
#
# mailrun_unity_build(<dir>) turns it on for every executable and static library defined in <dir>
# and the folders below it that has more than one source file (a target of one file gains nothing,
# and compiled as itself it keeps its ccache entry). It applies to targets and files added later
# without any list to keep. The sources of one target then must not clash when compiled together:
# no two helpers, constants or types of the same name in anonymous namespaces (overloads included:
# they can silently change which one a call picks), no `using namespace` of a namespace that makes
# a name ambiguous, and a macro either defined alike everywhere or #undef'd at the end of its file. Batch membership
# follows the order of the sources, so a file added later can bring two files into one batch: keep
# the sources of a target free of clashes, not only those of today's batches. A target whose files
# are meant to mirror each other (same helper names, one per file) opts out with the target property
# MAILRUN_NO_UNITY set ON.
#   -DMAILRUN_UNITY_BUILD=ON (the default) turns it on; OFF compiles file by file (to find which
#   file a compile error is in, or to check a change without recompiling its batch);
#   -DMAILRUN_UNITY_BATCH=<n> sets the files per batch.
option(MAILRUN_UNITY_BUILD "Compile the tests and tools in unity batches" ON)
set(MAILRUN_UNITY_BATCH 8 CACHE STRING "Source files per unity translation unit")

function(mailrun_unity_build dir)
  if(NOT MAILRUN_UNITY_BUILD)
    return()
  endif()
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  foreach(target ${targets})
    get_target_property(type ${target} TYPE)
    get_target_property(skip ${target} MAILRUN_NO_UNITY)
    if(skip)
      continue()
    endif()
    if(type STREQUAL "EXECUTABLE" OR type STREQUAL "STATIC_LIBRARY")
      get_target_property(sources ${target} SOURCES)
      list(FILTER sources INCLUDE REGEX "\\.(cc|cpp|cxx)$")
      list(LENGTH sources count)
      if(count GREATER 1)
        set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE ${MAILRUN_UNITY_BATCH})
      endif()
    endif()
  endforeach()
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(subdir ${subdirs})
    mailrun_unity_build(${subdir})
  endforeach()
endfunction()
