# SPDX-License-Identifier: Apache-2.0 OR MIT
# m4.ct.leaky.claims_ct: ct_check.py on the leaky kernels that claim constant
# time must exit 1, report both leaks at their own instructions and pass the
# constant-time control region.
execute_process(
  COMMAND "${PYTHON}" "${CHECK}" "${ELF}" --plugin "${PLUGIN}" --qemu "${QEMU}" --nm "${NM}"
          --timeout 30 --work "${WORK}"
  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
message("${out}${err}")
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "ct_check.py exited ${rc}, expected 1 (leaks detected)")
endif()
foreach(want
    "FAIL leaky.branch: SECRET-DEPENDENT TRACE[^\n]*\n[^\n]*<leaky_branch\\+"
    "FAIL leaky.table: SECRET-DEPENDENT TRACE[^\n]*\n[^\n]*load of 1 B at [^\n]*kTable[^\n]*<leaky_table\\+"
    "ok   ct.select: identical traces"
    "3 regions, 2 failed")
  if(NOT out MATCHES "${want}")
    message(FATAL_ERROR "ct_check.py output lacks /${want}/")
  endif()
endforeach()
