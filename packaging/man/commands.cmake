# Writes the COMMANDS section of yolostudio-cli(1) (a help2man include file) from the program itself: every
# command its --help lists, with that command's own --help, so the man page shows every setting.
#   cmake -DCLI=path/to/yolostudio-cli -DOUTPUT=commands.h2m -P commands.cmake
cmake_minimum_required(VERSION 3.24)

# Plain text as roff: backslashes escaped, '-' kept a minus (copied options must work), lines that start
# with a control character neutralised.
function(as_roff text out)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

execute_process(COMMAND ${CLI} --help OUTPUT_VARIABLE usage RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${CLI} --help failed (${rc})")
endif()
string(REGEX MATCHALL "\n  [a-z]+ " commands "${usage}")
set(roff "[COMMANDS]\n")
foreach(command IN LISTS commands)
  string(STRIP "${command}" command)
  if(command STREQUAL "version")
    continue()
  endif()
  execute_process(COMMAND ${CLI} ${command} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${CLI} ${command} --help failed (${rc})")
  endif()
  as_roff("${help}" help)
  string(APPEND roff ".SS ${command}\n.nf\n${help}.fi\n")
endforeach()
file(WRITE "${OUTPUT}" "${roff}")
