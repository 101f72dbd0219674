# The qttt CMake package, installed by `cargo cinstall -p qttt-ffi` into
# <prefix>/share/qttt/cmake/ (written from qttt-ffi/cmake by build.rs). After
#
#   find_package(qttt CONFIG REQUIRED)
#
# a project links one of
#
#   qttt::qttt          the shared library (libqttt.so.@MAJOR@, libqttt.@MAJOR@.dylib,
#                       or qttt.dll with its import library)
#   qttt::qttt_static   the static library (libqttt.a, or qttt.lib with
#                       MSVC), with the system libraries a Rust static
#                       library needs
#
# and gets qttt.h and qttt.hpp on its include path with either.
#
# The file names are those cargo-c installs on each platform:
#
#   Linux and the BSDs  lib/libqttt.so.@MAJOR@ (and libqttt.so), lib/libqttt.a
#   macOS               lib/libqttt.@MAJOR@.dylib (and libqttt.dylib), lib/libqttt.a
#   Windows, MSVC       bin/qttt.dll, lib/qttt.dll.lib (import), lib/qttt.lib (static)
#   Windows, GNU        bin/qttt.dll, lib/qttt.dll.a (import), lib/libqttt.a (static)
include(CMakeFindDependencyMacro)
if(NOT WIN32)
  find_dependency(Threads)
endif()

get_filename_component(_qttt_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)

if(WIN32)
  set(_qttt_static_names qttt.lib libqttt.a)
  set(_qttt_import_names qttt.dll.lib qttt.dll.a)
  # What Rust's standard library needs from Windows (cargo-c's
  # native-static-libs; MSVC's C runtime comes by default).
  set(_qttt_system_libs kernel32 advapi32 ntdll userenv ws2_32)
elseif(APPLE)
  set(_qttt_static_names libqttt.a)
  set(_qttt_shared_name libqttt.dylib)
  set(_qttt_soname libqttt.@MAJOR@.dylib)
  set(_qttt_system_libs Threads::Threads m)
else()
  set(_qttt_static_names libqttt.a)
  set(_qttt_shared_name libqttt.so)
  set(_qttt_soname libqttt.so.@MAJOR@)
  set(_qttt_system_libs Threads::Threads ${CMAKE_DL_LIBS} m)
endif()

# The library folder: lib, lib64 or lib/<multiarch>, wherever the static
# library is.
set(_qttt_libdir "")
set(_qttt_static "")
foreach(_qttt_dir IN ITEMS lib lib64 "lib/${CMAKE_LIBRARY_ARCHITECTURE}")
  foreach(_qttt_name IN LISTS _qttt_static_names)
    if(NOT _qttt_static AND EXISTS "${_qttt_prefix}/${_qttt_dir}/${_qttt_name}")
      set(_qttt_libdir "${_qttt_prefix}/${_qttt_dir}")
      set(_qttt_static "${_qttt_libdir}/${_qttt_name}")
    endif()
  endforeach()
endforeach()
if(NOT _qttt_static OR NOT EXISTS "${_qttt_prefix}/include/qttt.h")
  set(qttt_FOUND FALSE)
  set(qttt_NOT_FOUND_MESSAGE "qttt's CMake package is in ${CMAKE_CURRENT_LIST_DIR}, but the static library (${_qttt_static_names}) or include/qttt.h is missing under ${_qttt_prefix}")
  return()
endif()

if(NOT TARGET qttt::qttt)
  add_library(qttt::qttt SHARED IMPORTED)
  set_target_properties(qttt::qttt PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${_qttt_prefix}/include")
  if(WIN32)
    set(_qttt_import "")
    foreach(_qttt_name IN LISTS _qttt_import_names)
      if(NOT _qttt_import AND EXISTS "${_qttt_libdir}/${_qttt_name}")
        set(_qttt_import "${_qttt_libdir}/${_qttt_name}")
      endif()
    endforeach()
    set_target_properties(qttt::qttt PROPERTIES
      IMPORTED_LOCATION "${_qttt_prefix}/bin/qttt.dll"
      IMPORTED_IMPLIB "${_qttt_import}")
  else()
    set_target_properties(qttt::qttt PROPERTIES
      IMPORTED_LOCATION "${_qttt_libdir}/${_qttt_shared_name}"
      IMPORTED_SONAME "${_qttt_soname}")
  endif()
endif()
if(NOT TARGET qttt::qttt_static)
  add_library(qttt::qttt_static STATIC IMPORTED)
  set_target_properties(qttt::qttt_static PROPERTIES
    IMPORTED_LOCATION "${_qttt_static}"
    IMPORTED_LINK_INTERFACE_LANGUAGES C
    INTERFACE_INCLUDE_DIRECTORIES "${_qttt_prefix}/include"
    INTERFACE_LINK_LIBRARIES "${_qttt_system_libs}")
endif()
foreach(_qttt_variable IN ITEMS dir name libdir static import static_names import_names shared_name soname
                                system_libs prefix)
  unset(_qttt_${_qttt_variable})
endforeach()
unset(_qttt_variable)
