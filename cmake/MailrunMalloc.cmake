# The allocator of the programs that apply game actions: mimalloc (Debian's libmimalloc-dev) in
# place of glibc's malloc. Applying an action builds and frees many small containers (the track
# network, a company's reach, route graphs, log lines); with mimalloc the engine replays the
# recorded games about a fifth faster (docs/benchmarks.md, "mimalloc"). Linking the shared library
# is enough: it comes before libc in the program's search order, so every malloc and operator new
# of the process, the libraries' included, is mimalloc's.
#   -DMAILRUN_MIMALLOC=ON (default) | OFF    (always off with MAILRUN_FUZZ: AddressSanitizer has its own)
option(MAILRUN_MIMALLOC "Link mimalloc into the programs that apply game actions" ON)

if(MAILRUN_MIMALLOC AND NOT MAILRUN_FUZZ)
  find_package(mimalloc CONFIG REQUIRED)
  message(STATUS "Allocator: mimalloc ${mimalloc_VERSION} for the engine's programs")
endif()

# Links mimalloc into `target` (an executable) unless it is switched off.
function(mailrun_use_mimalloc target)
  if(MAILRUN_MIMALLOC AND NOT MAILRUN_FUZZ)
    target_link_libraries(${target} PRIVATE mimalloc)
  endif()
endfunction()
