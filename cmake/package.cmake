# SPDX-License-Identifier: Apache-2.0 OR MIT
# The library users link: `pqmcu` (pqmcu::pqmcu), one static or shared
# (BUILD_SHARED_LIBS) library made of the objects of the internal libraries,
# with only the public headers (include/pqmcu) in its interface. Its install
# rules give headers, the library, pqmcuConfig.cmake + version file and
# pqmcu.pc. Host builds only.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(pqmcu_parts pqmcu_api pqmcu_polymul pqmcu_rng pqmcu_cipher pqmcu_hash)
foreach(family IN LISTS PQMCU_FAMILIES)  # cmake/algorithms.cmake
  list(APPEND pqmcu_parts pqmcu_${family})
endforeach()
if(PQMCU_X86)
  list(APPEND pqmcu_parts pqmcu_x86)
endif()
set(pqmcu_objects "")
foreach(part IN LISTS pqmcu_parts)
  list(APPEND pqmcu_objects $<TARGET_OBJECTS:${part}>)
endforeach()

add_library(pqmcu ${pqmcu_objects})
add_library(pqmcu::pqmcu ALIAS pqmcu)
set_target_properties(pqmcu PROPERTIES
  VERSION ${PROJECT_VERSION}
  SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR}
  LINKER_LANGUAGE CXX
  EXPORT_NAME pqmcu)
target_include_directories(pqmcu INTERFACE
  $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
target_compile_features(pqmcu INTERFACE cxx_std_20)
# A static libpqmcu.a still needs the C++ runtime when a C program links it.
get_target_property(pqmcu_type pqmcu TYPE)
if(pqmcu_type STREQUAL "STATIC_LIBRARY")
  target_link_libraries(pqmcu INTERFACE $<$<LINK_LANGUAGE:C>:stdc++> m)
  set(PQMCU_PC_LIBS_PRIVATE "-lstdc++ -lm")
else()
  set(PQMCU_PC_LIBS_PRIVATE "")
endif()

install(TARGETS pqmcu EXPORT pqmcuTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES include/pqmcu/pqmcu.h include/pqmcu/pqmcu.hpp include/pqmcu/status.hpp include/pqmcu/export.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/pqmcu)
install(FILES LICENSE-APACHE LICENSE-MIT DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/pqmcu)
install(EXPORT pqmcuTargets NAMESPACE pqmcu:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/pqmcu)
configure_package_config_file(cmake/pqmcuConfig.cmake.in "${PROJECT_BINARY_DIR}/pqmcuConfig.cmake"
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/pqmcu)
write_basic_package_version_file("${PROJECT_BINARY_DIR}/pqmcuConfigVersion.cmake"
  COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/pqmcuConfig.cmake" "${PROJECT_BINARY_DIR}/pqmcuConfigVersion.cmake"
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/pqmcu)

# pqmcu.pc, relocatable: the prefix is found from the .pc file's own place.
file(RELATIVE_PATH PQMCU_PC_TO_PREFIX "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
configure_file(cmake/pqmcu.pc.in "${PROJECT_BINARY_DIR}/pqmcu.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/pqmcu.pc" DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
