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

# pqmcu_mceliece_m4_vectors(<firmware target> <set>)
#     Classic McEliece count-0 keys and vectors for a firmware: the host
#     generator tools/kat/mceliece_m4_vectors.cpp (compiled once with the host
#     C++ compiler, checks everything against shared/kat/mceliece/count0-botan.csv)
#     writes <set>.pk.bin / .sk.bin and an assembly file placing them in
#     .rodata (flash), and adds that .S to the firmware. Symbols: see the generator.
function(pqmcu_mceliece_m4_vectors target set)
  find_program(PQMCU_HOST_CXX NAMES c++ g++ clang++)
  if(NOT PQMCU_HOST_CXX)
    message(FATAL_ERROR "pqmcu_mceliece_m4_vectors: no host C++ compiler")
  endif()
  set(dir "${CMAKE_BINARY_DIR}/mceliece-vectors")
  set(gen "${dir}/mceliece_m4_vectors")
  get_property(have GLOBAL PROPERTY PQMCU_MCELIECE_GEN_RULE)
  if(NOT have)
    set(r "${PQMCU_M4_ROOT}")
    set(srcs "${r}/tools/kat/mceliece_m4_vectors.cpp")
    foreach(f mceliece/keygen mceliece/kem mceliece/benes hash/keccak hash/shake rng/ctr_drbg
              cipher/bitsliced cipher/key_schedule cipher/table_not_ct cipher/ctr_table_not_ct cipher/dispatch
              cipher/fixsliced cipher/rijndael256_fs cipher/modes)
      list(APPEND srcs "${r}/src/${f}.cpp")
    endforeach()
    file(GLOB_RECURSE hdrs CONFIGURE_DEPENDS "${r}/src/mceliece/*.hpp" "${r}/src/hash/*.hpp")
    # One object a source (in parallel, and through the compiler launcher:
    # the m4 preset and the boards then compile them once with ccache).
    set(objs)
    file(MAKE_DIRECTORY "${dir}/obj")
    foreach(src IN LISTS srcs)
      file(RELATIVE_PATH rel "${r}" "${src}")
      string(REGEX REPLACE "[/.]" "_" stem "${rel}")
      set(obj "${dir}/obj/${stem}.o")
      add_custom_command(OUTPUT "${obj}"
        COMMAND ${CMAKE_CXX_COMPILER_LAUNCHER} "${PQMCU_HOST_CXX}" -std=c++20 -O2 "-I${r}/src" "-I${r}/include"
                -c "${src}" -o "${obj}"
        DEPENDS "${src}" ${hdrs}
        WORKING_DIRECTORY "${dir}"
        COMMENT "Compiling ${rel} with the host compiler (Classic McEliece vector generator)"
        VERBATIM)
      list(APPEND objs "${obj}")
    endforeach()
    add_custom_command(OUTPUT "${gen}"
      COMMAND "${PQMCU_HOST_CXX}" ${objs} -o "${gen}"
      DEPENDS ${objs}
      COMMENT "Linking the Classic McEliece vector generator"
      VERBATIM)
    add_custom_target(pqmcu_mceliece_m4_vectors_gen DEPENDS "${gen}")
    set_property(GLOBAL PROPERTY PQMCU_MCELIECE_GEN_RULE ON)
  endif()
  set(csv "${PQMCU_SHARED_DIR}/kat/mceliece/count0-botan.csv")
  set(out "${dir}/${set}.S")
  get_property(have_set GLOBAL PROPERTY PQMCU_MCELIECE_VEC_${set})
  if(NOT have_set)
    add_custom_command(OUTPUT "${out}" "${dir}/${set}.pk.bin" "${dir}/${set}.sk.bin"
      COMMAND "${gen}" ${set} "${csv}" "${out}" "${dir}"
      DEPENDS "${gen}" "${csv}"
      COMMENT "Generating ${set} count-0 keys on the host"
      VERBATIM)
    add_custom_target(pqmcu_mceliece_m4_vectors_${set} DEPENDS "${out}")
    set_property(GLOBAL PROPERTY PQMCU_MCELIECE_VEC_${set} ON)
  endif()
  set_source_files_properties("${out}" PROPERTIES GENERATED ON)
  target_sources(${target} PRIVATE "${out}")
  add_dependencies(${target} pqmcu_mceliece_m4_vectors_${set})
endfunction()
