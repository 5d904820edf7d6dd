# SPDX-License-Identifier: Apache-2.0 OR MIT
# NIST PQC API builds of one compiled-in MQOM parameter set (signatures) or
# KEM set, and the KAT embedding used by their tests. Included from the top level (host and M4).
#
#   pqmcu_add_nist_sign_library(<target> <set> [PROFILE desktop|balanced|memory|compact])
#       Static library <target> exposing crypto_sign_keypair / crypto_sign /
#       crypto_sign_open (include/pqmcu/nist_sign.h) for <set>, a liboqs-style
#       MQOM v2.1 name such as mqom2_cat1_gf16_fast_r5 (or a Faster set,
#       mqom2_cat{1,3,5}_gf16_faster_r5). Consumers get
#       PQMCU_NIST_SET=<set> so CRYPTO_PUBLICKEYBYTES, CRYPTO_SECRETKEYBYTES,
#       CRYPTO_BYTES and CRYPTO_ALGNAME describe that set. Randomness comes
#       from randombytes() (src/rng/randombytes.h, pqmcu_rng); the scheme's
#       workspace is a static buffer in the library (.bss). PROFILE picks the
#       MQOM memory profile (src/mqom/scheme.hpp; default desktop). The
#       functions have the plain NIST names, so one such library per program.
#
#   pqmcu_add_nist_kem_library(<target> <set>)
#       Static library <target> exposing crypto_kem_keypair / crypto_kem_enc /
#       crypto_kem_dec (include/pqmcu/nist_kem.h) for the KEM set <set>
#       (e.g. ntruhps2048509, lightsaber, mceliece348864). The family comes
#       from the name (PQMCU_NIST_KEM_FAMILIES below: family|regex) and must
#       be in the tree (its library pqmcu_<family>). Consumers get
#       PQMCU_NIST_KEM_SET=<set>, so CRYPTO_PUBLICKEYBYTES,
#       CRYPTO_SECRETKEYBYTES, CRYPTO_CIPHERTEXTBYTES, CRYPTO_BYTES and
#       CRYPTO_ALGNAME describe that set. Randomness from randombytes()
#       (pqmcu_rng); the scheme's workspace is a static buffer (.bss), wiped
#       after every call. One such library per program (plain NIST names).
#
#   pqmcu_embed_kat(<out_var> <rsp file> <identifier> [MAX_ENTRIES n])
#       Embeds the first n entries (default 2) of a NIST .rsp file with
#       tools/kat/embed_vectors.py into ${CMAKE_CURRENT_BINARY_DIR}/gen and
#       appends the generated .cpp to <out_var>. The consumer includes
#       "vectors/<identifier>.hpp" (add ${CMAKE_CURRENT_BINARY_DIR}/gen to its
#       include path) and links pqmcu_vectors.
include_guard(GLOBAL)

function(pqmcu_add_nist_sign_library target set)
  get_filename_component(root "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/.." ABSOLUTE)
  cmake_parse_arguments(PARSE_ARGV 2 NIST "" "PROFILE" "")
  if(NIST_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "pqmcu_add_nist_sign_library(${target}): unknown arguments ${NIST_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT set MATCHES "^mqom2_cat[135]_gf(2|4|16|256)_(fast|short)_r[35]$" AND
     NOT set MATCHES "^mqom2_cat[135]_gf16_faster_r5$")
    message(FATAL_ERROR "pqmcu_add_nist_sign_library(${target}): '${set}' is not an MQOM v2.1 set name "
                        "(e.g. mqom2_cat1_gf16_fast_r5)")
  endif()
  if(NOT NIST_PROFILE)
    set(NIST_PROFILE desktop)
  endif()
  if(NIST_PROFILE STREQUAL "desktop")
    set(profile Desktop)
  elseif(NIST_PROFILE STREQUAL "balanced" OR NIST_PROFILE STREQUAL "compact")
    set(profile Balanced)
  elseif(NIST_PROFILE STREQUAL "memory")
    set(profile Memory)
  else()
    message(FATAL_ERROR "pqmcu_add_nist_sign_library(${target}): PROFILE must be desktop, balanced, memory or compact")
  endif()
  add_library(${target} STATIC "${root}/src/api/nist_sign.cpp")
  target_compile_definitions(${target}
    PUBLIC PQMCU_NIST_SET=${set}
    PRIVATE PQMCU_NIST_PROFILE=${profile})
  target_link_libraries(${target} PUBLIC pqmcu_mqom pqmcu_rng pqmcu_core)
  target_compile_features(${target} PRIVATE cxx_std_20)
endfunction()

# KEM families: "<family>|<regex on the set name>"; the family is the folder
# src/<family>, the namespace pqmcu::<family> and the library pqmcu_<family>.
set(PQMCU_NIST_KEM_FAMILIES
  "ntru|^ntru"
  "saber|saber$"
  "mceliece|^mceliece")

function(pqmcu_add_nist_kem_library target set)
  get_filename_component(root "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/.." ABSOLUTE)
  if(ARGN)
    message(FATAL_ERROR "pqmcu_add_nist_kem_library(${target}): unknown arguments ${ARGN}")
  endif()
  set(family "")
  foreach(spec IN LISTS PQMCU_NIST_KEM_FAMILIES)
    string(REPLACE "|" ";" f "${spec}")
    list(GET f 0 name)
    list(GET f 1 regex)
    if(set MATCHES "${regex}")
      set(family ${name})
      break()
    endif()
  endforeach()
  if(NOT family)
    message(FATAL_ERROR "pqmcu_add_nist_kem_library(${target}): '${set}' is not a KEM set name "
                        "(e.g. ntruhps2048509, lightsaber, mceliece348864)")
  endif()
  if(NOT TARGET pqmcu_${family})
    message(FATAL_ERROR "pqmcu_add_nist_kem_library(${target}): the ${family} family (pqmcu_${family}) "
                        "is not in this build")
  endif()
  file(STRINGS "${root}/include/pqmcu/nist_kem.h" known REGEX "^#define PQMCU_NIST_${set}_PK ")
  if(NOT known)
    message(FATAL_ERROR "pqmcu_add_nist_kem_library(${target}): no set '${set}' in include/pqmcu/nist_kem.h")
  endif()
  add_library(${target} STATIC "${root}/src/api/nist_kem.cpp")
  target_compile_definitions(${target}
    PUBLIC PQMCU_NIST_KEM_SET=${set}
    PRIVATE PQMCU_NIST_KEM_FAMILY=${family})
  target_link_libraries(${target} PUBLIC pqmcu_${family} pqmcu_rng pqmcu_core)
  target_compile_features(${target} PRIVATE cxx_std_20)
endfunction()

function(pqmcu_embed_kat out_var rsp identifier)
  get_filename_component(root "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/.." ABSOLUTE)
  cmake_parse_arguments(PARSE_ARGV 3 KAT "" "MAX_ENTRIES" "")
  if(NOT KAT_MAX_ENTRIES)
    set(KAT_MAX_ENTRIES 2)
  endif()
  if(NOT EXISTS "${rsp}")
    message(FATAL_ERROR "pqmcu_embed_kat: ${rsp} not found")
  endif()
  find_package(Python3 REQUIRED COMPONENTS Interpreter)
  set(gen "${CMAKE_CURRENT_BINARY_DIR}/gen")
  set(out "${gen}/vectors/${identifier}.cpp")
  add_custom_command(OUTPUT "${out}" "${gen}/vectors/${identifier}.hpp"
    COMMAND Python3::Interpreter "${root}/tools/kat/embed_vectors.py" "${rsp}" "${gen}"
            --max-entries ${KAT_MAX_ENTRIES} --name ${identifier}
    DEPENDS "${rsp}" "${root}/tools/kat/embed_vectors.py"
    COMMENT "Embedding ${KAT_MAX_ENTRIES} KAT entries of ${rsp}"
    VERBATIM)
  set(${out_var} ${${out_var}} "${out}" PARENT_SCOPE)
endfunction()
