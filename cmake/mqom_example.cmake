# SPDX-License-Identifier: Apache-2.0 OR MIT
# What the MQOM firmware examples (examples/firmware, examples/stream-verify)
# share: a user's own project that builds pqmcu from PQMCU_SOURCE_DIR with
# add_subdirectory. Include it before project() (pqmcu's M4 builds use -O2,
# as the m4 preset; CMake's Release default is -O3), then after project()
# call pqmcu_mqom_example_firmware(<target> <sources>...).
set(CMAKE_C_FLAGS_RELEASE "-O2 -DNDEBUG" CACHE STRING "")
set(CMAKE_CXX_FLAGS_RELEASE "-O2 -DNDEBUG" CACHE STRING "")

# One MQOM set and profile (EXAMPLE_SET / EXAMPLE_PROFILE; EXAMPLE_PIN: only
# their code in flash), pqmcu without its tests and benchmarks, and the
# firmware <target> seeing the set and profile as the macros EXAMPLE_SET /
# EXAMPLE_PROFILE. A macro: pqmcu is added in the example's own scope.
macro(pqmcu_mqom_example_firmware target)
  set(EXAMPLE_SET "mqom2_cat1_gf16_fast_r5" CACHE STRING "MQOM parameter set (a type of src/mqom/params.hpp)")
  set(EXAMPLE_PROFILE "Memory" CACHE STRING "MQOM profile: Balanced | Memory | Lut | Desktop")
  set_property(CACHE EXAMPLE_PROFILE PROPERTY STRINGS Balanced Memory Lut Desktop)
  if(NOT CMAKE_BUILD_TYPE)
    set(CMAKE_BUILD_TYPE Release CACHE STRING "Build type" FORCE)
  endif()

  option(EXAMPLE_PIN "Pin pqmcu's MQOM to EXAMPLE_SET / EXAMPLE_PROFILE (only their code in flash)" ON)

  # pqmcu's own tests and benchmarks are not part of this firmware.
  set(PQMCU_BUILD_TESTS OFF CACHE BOOL "" FORCE)
  set(PQMCU_BUILD_BENCH OFF CACHE BOOL "" FORCE)
  if(EXAMPLE_PIN)
    set(PQMCU_MQOM_PIN_SET "${EXAMPLE_SET}" CACHE STRING "" FORCE)
    set(PQMCU_MQOM_PIN_PROFILE "${EXAMPLE_PROFILE}" CACHE STRING "" FORCE)
  else()
    set(PQMCU_MQOM_PIN_SET "" CACHE STRING "" FORCE)
    set(PQMCU_MQOM_PIN_PROFILE "" CACHE STRING "" FORCE)
  endif()
  add_subdirectory("${PQMCU_SOURCE_DIR}" pqmcu)

  pqmcu_add_firmware(${target} SOURCES ${ARGN} LIBS pqmcu_mqom)
  target_compile_definitions(${target} PRIVATE EXAMPLE_SET=${EXAMPLE_SET} EXAMPLE_PROFILE=${EXAMPLE_PROFILE})
endmacro()
