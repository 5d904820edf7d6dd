# SPDX-License-Identifier: Apache-2.0 OR MIT
# Cortex-M4 firmware helpers (included by the top level when PQMCU_M4 is on).
#
#   pqmcu_add_firmware(<target> SOURCES ... [LIBS ...] [LINKER_SCRIPT file] [MIN_STACK bytes])
#       <target>.elf linked for PQMCU_BOARD with platform/m4 (startup, console,
#       exit, stack painting), a map file <target>.map beside it (target
#       property PQMCU_MAP_FILE) and a size report after each link.
#   pqmcu_add_m4_test(<name> <firmware-target> [EXPECT_EXIT n] [TIMEOUT s])
#       ctest running the firmware in QEMU (tools/m4sim/m4run.py); passes when
#       the firmware's exit code is n (default 0). Only for mps2-an386.
include_guard(GLOBAL)

# Global (cache) paths: the functions below are also called from a parent
# project that uses pqmcu through add_subdirectory, whose directory scope does
# not see pqmcu's normal variables.
get_filename_component(_pqmcu_m4_root "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
set(PQMCU_M4_ROOT "${_pqmcu_m4_root}" CACHE INTERNAL "pqmcu source tree (Cortex-M4 helpers)")
set(PQMCU_M4_BOARDS mps2-an386 nucleo-l4r5zi stm32f4discovery stm32f437)
if(PQMCU_BOARD STREQUAL "host" OR PQMCU_BOARD STREQUAL "")
  message(STATUS "pqmcu: cross build without PQMCU_BOARD; using mps2-an386")
  set(PQMCU_BOARD "mps2-an386" CACHE STRING "host | mps2-an386 | nucleo-l4r5zi | stm32f4discovery | stm32f437" FORCE)
endif()
if(NOT PQMCU_BOARD IN_LIST PQMCU_M4_BOARDS)
  message(FATAL_ERROR "pqmcu: PQMCU_BOARD must be one of ${PQMCU_M4_BOARDS} for a Cortex-M4 build")
endif()

set(PQMCU_M4_MIN_STACK 8192 CACHE STRING "Link fails if static RAM leaves less stack than this (bytes)")
set(PQMCU_M4_TEST_TIMEOUT 120 CACHE STRING "Default QEMU run limit of one firmware test (seconds)")
set(PQMCU_M4_QEMU "qemu-system-arm" CACHE STRING "QEMU system emulator used by m4run.py")

get_filename_component(_pqmcu_tc_dir "${CMAKE_CXX_COMPILER}" DIRECTORY)
find_program(PQMCU_ARM_SIZE NAMES arm-none-eabi-size HINTS "${_pqmcu_tc_dir}")
find_program(PQMCU_ARM_NM NAMES arm-none-eabi-nm HINTS "${_pqmcu_tc_dir}")
find_package(Python3 REQUIRED COMPONENTS Interpreter)
set(PQMCU_PYTHON "${Python3_EXECUTABLE}" CACHE INTERNAL "Python for the M4 tools")
set(PQMCU_M4RUN "${PQMCU_M4_ROOT}/tools/m4sim/m4run.py" CACHE INTERNAL "QEMU runner")
set(PQMCU_BENCH_TABLE "${PQMCU_M4_ROOT}/tools/m4sim/bench_table.py" CACHE INTERNAL "M4 bench table script")

function(pqmcu_add_firmware target)
  cmake_parse_arguments(PARSE_ARGV 1 FW "" "LINKER_SCRIPT;MIN_STACK" "SOURCES;LIBS")
  if(FW_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "pqmcu_add_firmware(${target}): unknown arguments ${FW_UNPARSED_ARGUMENTS}")
  endif()
  set(ld_dir "${PQMCU_M4_ROOT}/platform/m4/ld")
  if(NOT FW_LINKER_SCRIPT)
    set(FW_LINKER_SCRIPT "${ld_dir}/${PQMCU_BOARD}.ld")
  endif()
  if(NOT FW_MIN_STACK)
    set(FW_MIN_STACK ${PQMCU_M4_MIN_STACK})
  endif()

  add_executable(${target} ${FW_SOURCES})
  set_target_properties(${target} PROPERTIES SUFFIX ".elf")
  target_link_libraries(${target} PRIVATE pqmcu_m4_platform ${FW_LIBS})
  set(map "$<TARGET_FILE_DIR:${target}>/${target}.map")
  # Our own startup replaces crt0; the platform provides the allocator traps.
  target_link_options(${target} PRIVATE
    -nostartfiles
    "-T${FW_LINKER_SCRIPT}" "-L${ld_dir}"
    "-Wl,-Map=${map}"
    -Wl,--gc-sections
    -Wl,--print-memory-usage
    "-Wl,--defsym=__pqmcu_min_stack=${FW_MIN_STACK}")
  set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS "${FW_LINKER_SCRIPT}" "${ld_dir}/common.ld")
  set_property(TARGET ${target} PROPERTY PQMCU_MAP_FILE "${CMAKE_CURRENT_BINARY_DIR}/${target}.map")
  if(PQMCU_ARM_SIZE)
    add_custom_command(TARGET ${target} POST_BUILD
      COMMAND "${PQMCU_ARM_SIZE}" -A -d "$<TARGET_FILE:${target}>"
      VERBATIM)
  endif()
endfunction()

function(pqmcu_add_m4_test name firmware)
  cmake_parse_arguments(PARSE_ARGV 2 T "" "EXPECT_EXIT;TIMEOUT" "")
  if(NOT PQMCU_BOARD STREQUAL "mps2-an386")
    return()  # real boards: build and link only
  endif()
  if(NOT DEFINED T_EXPECT_EXIT)
    set(T_EXPECT_EXIT 0)
  endif()
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT ${PQMCU_M4_TEST_TIMEOUT})
  endif()
  add_test(NAME ${name}
    COMMAND "${PQMCU_PYTHON}" "${PQMCU_M4RUN}" "$<TARGET_FILE:${firmware}>"
            --timeout ${T_TIMEOUT} --expect-exit ${T_EXPECT_EXIT} --qemu "${PQMCU_M4_QEMU}")
  math(EXPR ctest_timeout "${T_TIMEOUT} + 30")
  set_tests_properties(${name} PROPERTIES TIMEOUT ${ctest_timeout} LABELS "m4")
endfunction()
