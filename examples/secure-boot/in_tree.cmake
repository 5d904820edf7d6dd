# SPDX-License-Identifier: Apache-2.0 OR MIT
# Secure boot inside pqmcu's M4 tree (CMakeLists.txt): builds this folder's
# firmware project (firmware.cmake: verify-only bootloaders, MQOM pinned,
# -Os) for PQMCU_BOARD as an external project, then on mps2-an386 registers
# the ctests m4.secure_boot.<scheme> (run_boot_test.py: sign with the host
# `pqmcu` CLI, boot / refuse frames in QEMU, flash and RAM budgets checked)
# and the main job's target m4-secure-boot (the same flow, then one table).
set(PQMCU_HOST_CLI "${PROJECT_SOURCE_DIR}/build/host/tools/cli/pqmcu" CACHE FILEPATH
    "Host pqmcu CLI: generates the bootloader keys and signs the application")
set(PQMCU_BOOT_KEY_DIR "" CACHE PATH
    "Directory with <alg>.pk / <alg>.sk raw keys for the bootloaders (empty: generated in the build tree)")
if(NOT EXISTS "${PQMCU_HOST_CLI}")
  message(STATUS "pqmcu: secure-boot example skipped: no host CLI at PQMCU_HOST_CLI=${PQMCU_HOST_CLI} "
                 "(build it: cmake --preset host && cmake --build build/host --target pqmcu_cli)")
  return()
endif()

# Budgets (issue #17): flash per bootloader (arm-none-eabi-size text + data)
# and total RAM (the bootloader's own report: static + peak verify stack).
set(PQMCU_BOOT_FLASH_BUDGET 65536)
set(PQMCU_BOOT_RAM_BUDGET_mayo2 12288)
set(PQMCU_BOOT_RAM_BUDGET_mqom 10240)
set(PQMCU_BOOT_RAM_BUDGET_mqom_stream 4096)
# How the host CLI signs MQOM's streaming-verification variant (src/mqom/stream.hpp):
# `pqmcu sign mqom2_cat1_gf16_fast_r5 --variant=stream --raw` (tools/cli/README.md).
set(PQMCU_BOOT_STREAM_SIGN_ARGS "--variant=stream" CACHE STRING
    "Arguments of `pqmcu sign` for MQOM's streaming-verification variant (semicolon list)")

include(ExternalProject)
set(boot_dir "${CMAKE_CURRENT_BINARY_DIR}/fw")
set(boot_args
  "-DCMAKE_TOOLCHAIN_FILE=${PROJECT_SOURCE_DIR}/cmake/arm-none-eabi.cmake"
  "-DCMAKE_BUILD_TYPE=Release"
  "-DCMAKE_C_FLAGS_RELEASE=${CMAKE_C_FLAGS_RELEASE}"
  "-DCMAKE_CXX_FLAGS_RELEASE=${CMAKE_CXX_FLAGS_RELEASE}"
  "-DPQMCU_SOURCE_DIR=${PROJECT_SOURCE_DIR}"
  "-DPQMCU_SHARED_DIR=${PQMCU_SHARED_DIR}"
  "-DPQMCU_BOARD=${PQMCU_BOARD}"
  "-DPQMCU_HOST_CLI=${PQMCU_HOST_CLI}"
  "-DPQMCU_BOOT_KEY_DIR=${PQMCU_BOOT_KEY_DIR}"
  "-DPython3_EXECUTABLE=${Python3_EXECUTABLE}")
foreach(lang C CXX)
  if(CMAKE_${lang}_COMPILER_LAUNCHER)
    list(APPEND boot_args "-DCMAKE_${lang}_COMPILER_LAUNCHER=${CMAKE_${lang}_COMPILER_LAUNCHER}")
  endif()
endforeach()
set(app_bin "${boot_dir}/pqmcu_boot_app.bin")
# Always re-run the inner build (Ninja finds nothing to do in a second when
# no source changed): it depends on pqmcu sources the outer tree cannot see.
ExternalProject_Add(pqmcu_secure_boot
  SOURCE_DIR "${CMAKE_CURRENT_SOURCE_DIR}"
  BINARY_DIR "${boot_dir}"
  CMAKE_GENERATOR "${CMAKE_GENERATOR}"
  CMAKE_ARGS ${boot_args}
  BUILD_COMMAND "${CMAKE_COMMAND}" --build "${boot_dir}" -j2
  INSTALL_COMMAND ""
  BUILD_ALWAYS ON
  BUILD_BYPRODUCTS "${boot_dir}/pqmcu_boot_mayo2.elf" "${boot_dir}/pqmcu_boot_mqom.elf"
                   "${boot_dir}/pqmcu_boot_mqom_stream.elf" "${app_bin}"
  USES_TERMINAL_CONFIGURE ON
  USES_TERMINAL_BUILD ON)

if(NOT PQMCU_BOARD STREQUAL "mps2-an386")
  return()  # real boards: build and link only
endif()

if(PQMCU_BOOT_KEY_DIR)
  set(boot_keys "${PQMCU_BOOT_KEY_DIR}")
else()
  set(boot_keys "${boot_dir}/keys")
endif()

# m4-secure-boot (scripts/main-job.sh): both flows, then one table.
set(boot_metrics "${CMAKE_BINARY_DIR}/m4-secure-boot.csv")
set(boot_plugin_args)
set(boot_plugin_target)
if(PQMCU_M4_PLUGIN)
  set(boot_plugin_args --plugin "${PQMCU_M4_PLUGIN}")
elseif(TARGET pqmcu_m4_plugin_host)  # bench/m4 builds it with the host compiler
  set(boot_plugin_args --plugin "${CMAKE_BINARY_DIR}/m4sim-plugin/libpqmcu_m4cycles.so")
  set(boot_plugin_target pqmcu_m4_plugin_host)
endif()
# One entry per bootloader: tag, CLI algorithm, frame scheme (pack.py), frame
# chunk size, and extra `pqmcu sign` arguments ("-" for none).
string(REPLACE ";" "," stream_sign "${PQMCU_BOOT_STREAM_SIGN_ARGS}")
set(boot_list
  "mayo2|MAYO-2|MAYO-2|256|-"
  "mqom|mqom2_cat1_gf16_fast_r5|mqom2_cat1_gf16_fast_r5|256|-"
  "mqom_stream|mqom2_cat1_gf16_fast_r5|mqom2_cat1_gf16_fast_r5-stream|64|${stream_sign}")
set(boot_runs)
foreach(entry IN LISTS boot_list)
  string(REPLACE "|" ";" entry "${entry}")
  list(GET entry 0 tag)
  list(GET entry 1 alg)
  list(GET entry 2 scheme)
  list(GET entry 3 chunk)
  list(GET entry 4 sign_args)
  set(extra)
  if(NOT sign_args STREQUAL "-")
    string(REPLACE "," ";" sign_args "${sign_args}")
    foreach(arg IN LISTS sign_args)
      list(APPEND extra "--sign-arg=${arg}")
    endforeach()
  endif()
  set(run_args
    --cli "${PQMCU_HOST_CLI}" --alg ${alg} --scheme ${scheme} --chunk ${chunk} ${extra} --sk "${boot_keys}/${alg}.sk"
    --boot "${boot_dir}/pqmcu_boot_${tag}.elf" --app "${app_bin}"
    --m4run "${PQMCU_M4RUN}" --qemu "${PQMCU_M4_QEMU}" --size "${PQMCU_ARM_SIZE}"
    --max-flash ${PQMCU_BOOT_FLASH_BUDGET} --max-ram ${PQMCU_BOOT_RAM_BUDGET_${tag}})
  add_test(NAME m4.secure_boot.${tag}
    COMMAND Python3::Interpreter "${CMAKE_CURRENT_SOURCE_DIR}/run_boot_test.py" ${run_args}
            --work "${CMAKE_CURRENT_BINARY_DIR}/test_${tag}")
  set_tests_properties(m4.secure_boot.${tag} PROPERTIES TIMEOUT 900 LABELS "m4" SKIP_RETURN_CODE 77)
  # The same flow for the main job, with the cycle-model plugin when there is one.
  list(APPEND boot_runs
    COMMAND Python3::Interpreter "${CMAKE_CURRENT_SOURCE_DIR}/run_boot_test.py" ${run_args}
            --work "${CMAKE_CURRENT_BINARY_DIR}/bench_${tag}" --metrics "${boot_metrics}" ${boot_plugin_args})
endforeach()

add_custom_target(m4-secure-boot
  COMMAND "${CMAKE_COMMAND}" -E rm -f "${boot_metrics}"
  ${boot_runs}
  COMMAND Python3::Interpreter "${CMAKE_CURRENT_SOURCE_DIR}/boot_table.py" "${boot_metrics}"
  DEPENDS pqmcu_secure_boot ${boot_plugin_target}
  USES_TERMINAL
  VERBATIM
  COMMENT "Secure boot on QEMU mps2-an386: one valid and four refused frames per scheme")
