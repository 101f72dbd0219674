# The qttt CMake package, installed by `cargo cinstall -p qttt-ffi` into
# <prefix>/share/qttt/cmake/. After
#
#   find_package(qttt CONFIG REQUIRED)
#
# a project links one of
#
#   qttt::qttt          the shared library, libqttt.so.0
#   qttt::qttt_static   the static library, libqttt.a (with the system
#                       libraries a Rust static library needs)
#
# and gets qttt.h and qttt.hpp on its include path with either.
include(CMakeFindDependencyMacro)
find_dependency(Threads)

get_filename_component(_qttt_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
set(_qttt_libdir "")
foreach(_qttt_dir IN ITEMS lib lib64 "lib/${CMAKE_LIBRARY_ARCHITECTURE}")
  if(NOT _qttt_libdir AND EXISTS "${_qttt_prefix}/${_qttt_dir}/libqttt.a")
    set(_qttt_libdir "${_qttt_prefix}/${_qttt_dir}")
  endif()
endforeach()
if(NOT _qttt_libdir OR NOT EXISTS "${_qttt_prefix}/include/qttt.h")
  set(qttt_FOUND FALSE)
  set(qttt_NOT_FOUND_MESSAGE "qttt's CMake package is in ${CMAKE_CURRENT_LIST_DIR}, but libqttt.a or include/qttt.h is missing under ${_qttt_prefix}")
  return()
endif()

if(NOT TARGET qttt::qttt)
  add_library(qttt::qttt SHARED IMPORTED)
  set_target_properties(qttt::qttt PROPERTIES
    IMPORTED_LOCATION "${_qttt_libdir}/libqttt.so"
    IMPORTED_SONAME "libqttt.so.0"
    INTERFACE_INCLUDE_DIRECTORIES "${_qttt_prefix}/include")
endif()
if(NOT TARGET qttt::qttt_static)
  add_library(qttt::qttt_static STATIC IMPORTED)
  set_target_properties(qttt::qttt_static PROPERTIES
    IMPORTED_LOCATION "${_qttt_libdir}/libqttt.a"
    IMPORTED_LINK_INTERFACE_LANGUAGES C
    INTERFACE_INCLUDE_DIRECTORIES "${_qttt_prefix}/include"
    INTERFACE_LINK_LIBRARIES "Threads::Threads;${CMAKE_DL_LIBS};m")
endif()
unset(_qttt_dir)
unset(_qttt_libdir)
unset(_qttt_prefix)
