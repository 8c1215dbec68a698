# The packaging_metadata test: the package's desktop metadata as desktops, software centres and man read it.
#   cmake -DDESKTOP_FILE=... -DMETAINFO=... -DVERSION=x.y.z -DDESKTOP_FILE_VALIDATE=exe -DAPPSTREAMCLI=exe
#         -DMAN_PAGES="a.1.gz;b.1.gz" -P check-metadata.cmake
# Any hint, warning or error fails; a missing validator skips its part (and says so: "SKIPPED:" marks the
# test skipped when nothing could be checked).
cmake_minimum_required(VERSION 3.24)
set(failures "")
set(checked 0)

# The newest release in the metainfo is this version: software centres show it, the changelog starts with it.
file(READ "${METAINFO}" xml)
if(NOT xml MATCHES "<release[ \t\r\n]+version=\"([^\"]+)\"")
  string(APPEND failures "${METAINFO}: no <release version=...>\n")
elseif(NOT CMAKE_MATCH_1 STREQUAL VERSION)
  string(APPEND failures "${METAINFO}: the newest <release> is ${CMAKE_MATCH_1}, the project is ${VERSION}: "
                         "add a <release> to packaging/yolostudio.metainfo.xml.in\n")
endif()

if(DESKTOP_FILE_VALIDATE)
  execute_process(COMMAND ${DESKTOP_FILE_VALIDATE} ${DESKTOP_FILE} RESULT_VARIABLE rc
                  OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0 OR NOT out STREQUAL "")
    string(APPEND failures "desktop-file-validate (exit ${rc}):\n${out}\n")
  endif()
  math(EXPR checked "${checked} + 1")
else()
  message(STATUS "desktop-file-validate not installed (desktop-file-utils): .desktop file not checked")
endif()

if(APPSTREAMCLI)
  # --no-net: the screenshot URLs are not fetched (no network in CI).
  execute_process(COMMAND ${APPSTREAMCLI} validate --no-net --pedantic --no-color ${METAINFO}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0 OR out MATCHES "(^|\n)[EWIP]: ")
    string(APPEND failures "appstreamcli validate (exit ${rc}):\n${out}\n")
  endif()
  math(EXPR checked "${checked} + 1")
else()
  message(STATUS "appstreamcli not installed (appstream): metainfo not validated")
endif()

# man's own check, as lintian runs it: no groff warnings.
find_program(MAN man)
if(MAN)
  foreach(page IN LISTS MAN_PAGES)
    if(NOT EXISTS "${page}")
      string(APPEND failures "${page} was not generated (build the ys_man_pages target)\n")
      continue()
    endif()
    execute_process(COMMAND ${CMAKE_COMMAND} -E env MANWIDTH=80 ${MAN} --warnings -E UTF-8 -l -Tutf8 ${page}
                    RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE warnings)
    # Without -T and not on a terminal, man prints plain text (no overstrike bold).
    execute_process(COMMAND ${CMAKE_COMMAND} -E env MANWIDTH=80 ${MAN} -l ${page} OUTPUT_VARIABLE text ERROR_QUIET)
    if(NOT rc EQUAL 0 OR NOT warnings STREQUAL "")
      string(APPEND failures "man ${page} (exit ${rc}):\n${warnings}\n")
    elseif(NOT text MATCHES "\nNAME\n" OR NOT text MATCHES "\nSYNOPSIS\n" OR NOT text MATCHES "\nEXAMPLES\n")
      string(APPEND failures "${page} lacks a NAME, SYNOPSIS or EXAMPLES section\n")
    endif()
  endforeach()
  math(EXPR checked "${checked} + 1")
else()
  message(STATUS "man not installed (man-db): man pages not checked")
endif()

if(NOT failures STREQUAL "")
  message(FATAL_ERROR "${failures}")
endif()
if(checked EQUAL 0)
  message(STATUS "SKIPPED: no validator installed")
endif()
