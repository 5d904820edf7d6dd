# SPDX-License-Identifier: Apache-2.0 OR MIT
# The secure-boot firmware project (CMakeLists.txt when this folder is the
# top level): the application image and one verify-only bootloader per
# scheme, with the public key compiled in.
#
#   cmake -S examples/secure-boot -B build/boot -G Ninja \
#         -DCMAKE_TOOLCHAIN_FILE=<pqmcu>/cmake/arm-none-eabi.cmake -DPQMCU_BOARD=mps2-an386 \
#         -DPQMCU_HOST_CLI=<pqmcu>/build/host/tools/cli/pqmcu \
#         [-DPQMCU_BOOT_KEY_DIR=<dir with <alg>.pk / <alg>.sk>] [-DBOOT_MQOM_PROFILE=Memory] \
#         [-DPQMCU_OPTIMIZE_FOR_SIZE=OFF]
#   cmake --build build/boot        # pqmcu_boot_mayo2.elf, pqmcu_boot_mqom.elf, pqmcu_boot_app.bin
get_filename_component(_boot_default_pqmcu "${CMAKE_CURRENT_SOURCE_DIR}/../.." ABSOLUTE)
set(PQMCU_SOURCE_DIR "${_boot_default_pqmcu}" CACHE PATH "pqmcu source tree")
set(PQMCU_HOST_CLI "${PQMCU_SOURCE_DIR}/build/host/tools/cli/pqmcu" CACHE FILEPATH
    "Host pqmcu CLI: generates the bootloader keys")
set(PQMCU_BOOT_KEY_DIR "" CACHE PATH
    "Directory with <alg>.pk / <alg>.sk raw keys for the bootloaders (empty: generated in the build tree)")
set(BOOT_MQOM_PROFILE "Memory" CACHE STRING "MQOM profile of the MQOM bootloader (src/mqom/profiles.hpp)")
set(BOOT_MAYO_RAM 13K CACHE STRING "RAM region of the MAYO-2 bootloader (static RAM + stack + 1 KB MPU guard)")
set(BOOT_MQOM_RAM 10K CACHE STRING "RAM region of the MQOM bootloader (static RAM + stack + 1 KB MPU guard)")
set(BOOT_MQOM_STREAM_RAM 6K CACHE STRING
    "RAM region of the streaming MQOM bootloader (4 KB budget + the 1 KB MPU guard and its alignment)")
set(BOOT_FLASH 64K CACHE STRING "Flash region of each bootloader (the link fails above it)")

# Verify-only firmware: no pqmcu tests, benchmarks or CLI; the two sets only;
# MQOM pinned to its set and profile (src/mqom/pin.hpp: one engine, only the
# grouped verifier's PIOP variants reached); -Os with the size variants of
# the Keccak and AES assembly (docs/embedded.md).
set(PQMCU_BUILD_TESTS OFF CACHE BOOL "" FORCE)
set(PQMCU_BUILD_BENCH OFF CACHE BOOL "" FORCE)
set(PQMCU_BUILD_TOOLS OFF CACHE BOOL "" FORCE)
set(PQMCU_ALGORITHMS "mqom2_cat1_gf16_fast_r5;MAYO-2" CACHE STRING "")
set(PQMCU_OPTIMIZE_FOR_SIZE ON CACHE BOOL "-Os and the size variants of the M4 assembly")
set(PQMCU_MQOM_PIN_SET mqom2_cat1_gf16_fast_r5 CACHE STRING "" FORCE)
set(PQMCU_MQOM_PIN_PROFILE "${BOOT_MQOM_PROFILE}" CACHE STRING "" FORCE)
add_subdirectory("${PQMCU_SOURCE_DIR}" pqmcu EXCLUDE_FROM_ALL)

if(NOT EXISTS "${PQMCU_HOST_CLI}" AND NOT PQMCU_BOOT_KEY_DIR)
  message(FATAL_ERROR "secure boot: no host pqmcu CLI at PQMCU_HOST_CLI=${PQMCU_HOST_CLI} to make the keys "
                      "(build it: cmake --preset host && cmake --build build/host --target pqmcu_cli), "
                      "or give PQMCU_BOOT_KEY_DIR")
endif()
get_filename_component(_boot_tc_dir "${CMAKE_CXX_COMPILER}" DIRECTORY)
find_program(BOOT_OBJCOPY NAMES arm-none-eabi-objcopy HINTS "${_boot_tc_dir}" REQUIRED)

# Where images land and run, per board (bootloader.cpp; app.ld.in). The
# staging slot stands for a flash slot; the execution address is SRAM the
# bootloader does not use. On QEMU mps2-an386 the slot is the top 2 MB of the
# 4 MB SSRAM1 at 0x0, beyond the 2 MB flash budget the firmware is linked for.
if(PQMCU_BOARD STREQUAL "nucleo-l4r5zi")            # 2 MB flash, 640 KB SRAM
  set(BOOT_FLASH_ORIGIN 0x08000000)
  set(BOOT_STAGING 0x08100000)
  set(BOOT_EXEC 0x20040000)
  set(BOOT_MAX_IMAGE 128K)
  set(BOOT_APP_RAM 0x20060000)
elseif(PQMCU_BOARD STREQUAL "stm32f4discovery" OR PQMCU_BOARD STREQUAL "stm32f437")  # 1 MB flash, 128 KB SRAM
  set(BOOT_FLASH_ORIGIN 0x08000000)
  set(BOOT_STAGING 0x08080000)
  set(BOOT_EXEC 0x20008000)
  set(BOOT_MAX_IMAGE 64K)
  set(BOOT_APP_RAM 0x20018000)
else()                                              # mps2-an386
  set(BOOT_FLASH_ORIGIN 0x00000000)
  set(BOOT_STAGING 0x00200000)
  set(BOOT_EXEC 0x20080000)
  set(BOOT_MAX_IMAGE 256K)
  set(BOOT_APP_RAM 0x200C0000)
endif()
string(REGEX REPLACE "K$" "" _boot_max_kb "${BOOT_MAX_IMAGE}")
math(EXPR BOOT_MAX_IMAGE_BYTES "${_boot_max_kb} * 1024")

# ---- the application: a raw binary image for the execution address
set(app_ld "${CMAKE_CURRENT_BINARY_DIR}/app.ld")
configure_file(app.ld.in "${app_ld}" @ONLY)
pqmcu_add_firmware(pqmcu_boot_app SOURCES app.cpp LINKER_SCRIPT "${app_ld}" MIN_STACK 4096)
set(app_bin "${CMAKE_CURRENT_BINARY_DIR}/pqmcu_boot_app.bin")
add_custom_command(TARGET pqmcu_boot_app POST_BUILD
  COMMAND "${BOOT_OBJCOPY}" -O binary "$<TARGET_FILE:pqmcu_boot_app>" "${app_bin}" VERBATIM)

# pqmcu_add_secure_boot(<tag> <algorithm> <library> <define> <RAM region>)
function(pqmcu_add_secure_boot tag alg lib define ram)
  if(PQMCU_BOOT_KEY_DIR)
    set(pk "${PQMCU_BOOT_KEY_DIR}/${alg}.pk")
  else()
    set(keydir "${CMAKE_CURRENT_BINARY_DIR}/keys")
    set(pk "${keydir}/${alg}.pk")
    add_custom_command(OUTPUT "${pk}" "${keydir}/${alg}.sk"
      COMMAND ${CMAKE_COMMAND} -E make_directory "${keydir}"
      COMMAND "${PQMCU_HOST_CLI}" keygen ${alg} --raw --pk "${pk}" --sk "${keydir}/${alg}.sk" --force
      COMMENT "pqmcu keygen ${alg} (secure-boot key)" VERBATIM)
  endif()
  set(key_cpp "${CMAKE_CURRENT_BINARY_DIR}/boot_key_${tag}.cpp")
  add_custom_command(OUTPUT "${key_cpp}"
    COMMAND ${CMAKE_COMMAND} -DIN=${pk} -DOUT=${key_cpp} -P "${CMAKE_CURRENT_SOURCE_DIR}/embed_key.cmake"
    DEPENDS "${pk}" "${CMAKE_CURRENT_SOURCE_DIR}/embed_key.cmake" VERBATIM)

  set(BOOT_RAM ${ram})
  set(ld "${CMAKE_CURRENT_BINARY_DIR}/boot_${tag}.ld")
  configure_file(boot.ld.in "${ld}" @ONLY)
  set(fw pqmcu_boot_${tag})
  pqmcu_add_firmware(${fw} SOURCES bootloader.cpp uart_rx.cpp "${key_cpp}" LIBS ${lib}
                     LINKER_SCRIPT "${ld}" MIN_STACK 1024)
  target_compile_definitions(${fw} PRIVATE ${define} BOOT_STAGING=${BOOT_STAGING} BOOT_EXEC=${BOOT_EXEC}
                             BOOT_MAX_IMAGE=${BOOT_MAX_IMAGE_BYTES})
  target_include_directories(${fw} PRIVATE "${CMAKE_CURRENT_SOURCE_DIR}")
  add_dependencies(${fw} pqmcu_boot_app)
endfunction()

pqmcu_add_secure_boot(mayo2 MAYO-2 pqmcu_mayo PQMCU_BOOT_MAYO2=1 ${BOOT_MAYO_RAM})
pqmcu_add_secure_boot(mqom mqom2_cat1_gf16_fast_r5 pqmcu_mqom
                      "PQMCU_BOOT_MQOM=1;PQMCU_BOOT_MQOM_PROFILE=${BOOT_MQOM_PROFILE}" ${BOOT_MQOM_RAM})
# MQOM's streaming-verification variant (src/mqom/stream.hpp): the signature
# is fed to a VerifyStream chunk by chunk as it arrives, through a 64-byte
# chunk buffer (the frames for it use 64-byte chunks).
pqmcu_add_secure_boot(mqom_stream mqom2_cat1_gf16_fast_r5 pqmcu_mqom
                      "PQMCU_BOOT_MQOM_STREAM=1;PQMCU_BOOT_MQOM_PROFILE=${BOOT_MQOM_PROFILE};BOOT_MAX_CHUNK=64"
                      ${BOOT_MQOM_STREAM_RAM})
