# SPDX-License-Identifier: Apache-2.0 OR MIT
# PQMCU_ALGORITHMS: build only the named parameter sets, e.g.
#   -DPQMCU_ALGORITHMS="mqom2_cat1_gf16_fast_r5;MAYO-2"
# Names are matched as the registry matches them (case-insensitive, '-' and
# '_' alike; MQOM's reference labels such as MQOM2-L1-gf16-fast-r5 too); a
# name that matches nothing stops the build (src/api/algorithms.hpp). Empty:
# every set. A chosen subset builds the library (and the pqmcu command) only:
# the tests and benchmarks need every set.
#
# Sets, for the rest of the tree:
#   PQMCU_ALGORITHM_LIST     the names as C string literals, for algorithms.hpp
#   PQMCU_FAMILIES           the families with at least one chosen set
#   PQMCU_MQOM_ENGINES       the MQOM engines to instantiate, "category:base-field bits"
#                            (gf2 -> 1, gf4 -> 2, gf16 -> 4, gf256 -> 8)
set(PQMCU_ALGORITHMS "" CACHE STRING "Parameter sets to build (semicolon list of names; empty: all)")

set(PQMCU_ALL_FAMILIES mqom mayo ntru saber mceliece)
if(NOT PQMCU_ALGORITHMS)
  set(PQMCU_FAMILIES ${PQMCU_ALL_FAMILIES})
  set(PQMCU_MQOM_ENGINES "")
  foreach(cat 1 3 5)
    foreach(base 1 2 4 8)
      list(APPEND PQMCU_MQOM_ENGINES "${cat}:${base}")
    endforeach()
  endforeach()
  set(PQMCU_ALGORITHM_LIST "")
else()
  set(PQMCU_FAMILIES "")
  set(PQMCU_MQOM_ENGINES "")
  set(PQMCU_ALGORITHM_LIST "")
  foreach(name IN LISTS PQMCU_ALGORITHMS)
    string(TOLOWER "${name}" folded)
    string(APPEND PQMCU_ALGORITHM_LIST "\"${name}\", ")
    if(folded MATCHES "^mqom")
      list(APPEND PQMCU_FAMILIES mqom)
      if(folded MATCHES "(cat|l)([135])[-_]gf(2|4|16|256)[-_]")
        set(bits_of_2 1)
        set(bits_of_4 2)
        set(bits_of_16 4)
        set(bits_of_256 8)
        list(APPEND PQMCU_MQOM_ENGINES "${CMAKE_MATCH_2}:${bits_of_${CMAKE_MATCH_3}}")
      endif()
    elseif(folded MATCHES "^mayo")
      list(APPEND PQMCU_FAMILIES mayo)
    elseif(folded MATCHES "^ntru")
      list(APPEND PQMCU_FAMILIES ntru)
    elseif(folded MATCHES "saber$")
      list(APPEND PQMCU_FAMILIES saber)
    elseif(folded MATCHES "^(classic)?[-_]?mceliece")
      list(APPEND PQMCU_FAMILIES mceliece)
    else()
      message(FATAL_ERROR "PQMCU_ALGORITHMS: '${name}' names no pqmcu algorithm (see `pqmcu list`)")
    endif()
  endforeach()
  list(REMOVE_DUPLICATES PQMCU_FAMILIES)
  list(REMOVE_DUPLICATES PQMCU_MQOM_ENGINES)
  message(STATUS "pqmcu: building ${PQMCU_ALGORITHMS} only (families: ${PQMCU_FAMILIES})")
  foreach(part TESTS BENCH)
    if(PQMCU_BUILD_${part})
      message(STATUS "pqmcu: PQMCU_BUILD_${part} is off with PQMCU_ALGORITHMS (it needs every set)")
      set(PQMCU_BUILD_${part} OFF)
    endif()
  endforeach()
  if(PQMCU_BUILD_TOOLS AND NOT "mqom" IN_LIST PQMCU_FAMILIES)
    message(STATUS "pqmcu: the pqmcu command needs an MQOM set (its `profile` command); not built")
    set(PQMCU_BUILD_TOOLS OFF)
  endif()
endif()
