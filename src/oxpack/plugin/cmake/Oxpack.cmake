# Oxpack.cmake: GPU kernels written in safe Rust, built by oxpack, installed into the wheel.
#
#   include(Oxpack)   # on CMAKE_MODULE_PATH through oxpack's `cmake.module` entry point
#   oxpack_add_kernels(<name>
#     SOURCES <file.rs>...      kernel files (relative to the current source folder)
#     DESTINATION <dir>         package folder inside the wheel, e.g. `mypkg`
#     [ARCHS <sm_XY>...] [PTX <auto|none|sm_XY>] [MODULE <name>]
#     [PROJECT_DIR <dir>])      folder of pyproject.toml (default: CMAKE_SOURCE_DIR)
#
# Settings not given here come from `[tool.oxpack]` of PROJECT_DIR/pyproject.toml.
# Target <name> (part of ALL) runs `python -m oxpack build` with the Python running the
# build, again only when a kernel file or pyproject.toml changes; install() puts
# <module>.py, <module>.pyi, py.typed and _oxpack/ (the fatbins) under DESTINATION.
# In scikit-build-core's inplace editable mode they are also copied into the package
# folder of the source tree (src/<DESTINATION> or <DESTINATION>), where it is imported from.

include_guard(GLOBAL)
cmake_policy(PUSH)
cmake_policy(VERSION 3.17...3.31)  # functions keep the policies of their definition

# One line per error: a message that starts with a space is printed as is, not re-wrapped.
function(_oxpack_fail name text)
  message(FATAL_ERROR " oxpack_add_kernels(${name}): ${text}")
endfunction()

function(oxpack_add_kernels)
  set(one DESTINATION PTX MODULE PROJECT_DIR)
  set(multi SOURCES ARCHS)
  set(accepted "SOURCES, DESTINATION, ARCHS, PTX, MODULE, PROJECT_DIR")
  set(name "${ARGV0}")
  if(ARGC EQUAL 0 OR name IN_LIST one OR name IN_LIST multi)
    message(FATAL_ERROR " oxpack_add_kernels: the first argument must be a target name, as in "
                        "oxpack_add_kernels(mykernels SOURCES kernels/saxpy.rs DESTINATION mypkg)")
  endif()
  cmake_parse_arguments(PARSE_ARGV 1 ox "" "${one}" "${multi}")

  # A misspelt keyword lands in UNPARSED_ARGUMENTS or among the values of SOURCES / ARCHS.
  foreach(word IN LISTS ox_UNPARSED_ARGUMENTS ox_SOURCES ox_ARCHS)
    if(word MATCHES "^[A-Z][A-Z_]*$")
      set(hint "")
      foreach(keyword IN LISTS one multi)
        string(FIND "${keyword}" "${word}" word_in_keyword)
        string(FIND "${word}" "${keyword}" keyword_in_word)
        if(word_in_keyword EQUAL 0 OR keyword_in_word EQUAL 0)
          set(hint " (did you mean ${keyword}?)")
        endif()
      endforeach()
      _oxpack_fail("${name}" "unknown argument `${word}`${hint}; accepted arguments: ${accepted}")
    endif()
  endforeach()
  if(ox_UNPARSED_ARGUMENTS)
    list(GET ox_UNPARSED_ARGUMENTS 0 word)
    _oxpack_fail("${name}" "unexpected argument `${word}`; DESTINATION, PTX, MODULE and PROJECT_DIR take one value each")
  endif()
  foreach(keyword IN LISTS ox_KEYWORDS_MISSING_VALUES)
    _oxpack_fail("${name}" "${keyword} is given without a value; give it one or remove it")
  endforeach()
  if(NOT ox_SOURCES)
    _oxpack_fail("${name}" "missing SOURCES: name the kernel files, as in SOURCES kernels/saxpy.rs")
  endif()
  if(NOT DEFINED ox_DESTINATION)
    _oxpack_fail("${name}" "missing DESTINATION: name the package folder inside the wheel that receives the module, as in DESTINATION mypkg")
  endif()
  if(IS_ABSOLUTE "${ox_DESTINATION}" OR ox_DESTINATION MATCHES "(^|/)\\.\\.?(/|$)")
    _oxpack_fail("${name}" "DESTINATION `${ox_DESTINATION}` must be a package folder relative to the wheel root, as in DESTINATION mypkg")
  endif()

  # The project whose [tool.oxpack] fills in what is not given here.
  if(NOT DEFINED ox_PROJECT_DIR)
    set(ox_PROJECT_DIR "${CMAKE_SOURCE_DIR}")
  endif()
  get_filename_component(project "${ox_PROJECT_DIR}" ABSOLUTE)
  if(NOT EXISTS "${project}/pyproject.toml")
    _oxpack_fail("${name}" "no pyproject.toml in ${project}; pass PROJECT_DIR <folder of pyproject.toml>")
  endif()

  # Kernel files: dependencies of the build step, and globs relative to the project for oxpack.
  set(depends "${project}/pyproject.toml")
  set(args "")
  foreach(source IN LISTS ox_SOURCES)
    get_filename_component(path "${source}" ABSOLUTE)
    file(RELATIVE_PATH relative "${project}" "${path}")
    if(NOT source MATCHES "\\.rs$")
      _oxpack_fail("${name}" "SOURCES item `${source}` is not a `.rs` kernel file; accepted arguments: ${accepted}")
    elseif(NOT EXISTS "${path}")
      _oxpack_fail("${name}" "SOURCES item `${source}` does not exist (looked for ${path})")
    elseif(relative MATCHES "^\\.\\./")
      _oxpack_fail("${name}" "SOURCES item `${source}` is outside the project folder ${project}; move it there or set PROJECT_DIR")
    endif()
    list(APPEND depends "${path}")
    list(APPEND args --kernels "${relative}")
  endforeach()
  if(ox_ARCHS)
    list(JOIN ox_ARCHS "," archs)
    list(APPEND args --archs "${archs}")
  endif()
  foreach(option PTX MODULE)
    if(DEFINED ox_${option})
      string(TOLOWER "${option}" flag)
      list(APPEND args "--${flag}" "${ox_${option}}")
    endif()
  endforeach()

  # The Python that runs the build (scikit-build-core sets Python_EXECUTABLE) must have oxpack.
  if(NOT Python_EXECUTABLE)
    find_package(Python COMPONENTS Interpreter REQUIRED)
  endif()
  # every external program is bounded: a hung interpreter is one clear line (120 s, or less
  # where the environment's OXPACK_TOOL_TIMEOUT says so)
  set(timeout 120)
  if(DEFINED ENV{OXPACK_TOOL_TIMEOUT} AND "$ENV{OXPACK_TOOL_TIMEOUT}" MATCHES "^[0-9]+(\\.[0-9]+)?$"
     AND "$ENV{OXPACK_TOOL_TIMEOUT}" LESS 120)
    set(timeout "$ENV{OXPACK_TOOL_TIMEOUT}")
  endif()
  execute_process(COMMAND "${Python_EXECUTABLE}" -m oxpack --version
                  RESULT_VARIABLE status OUTPUT_QUIET ERROR_QUIET TIMEOUT ${timeout})
  if(status MATCHES "timeout")
    _oxpack_fail("${name}" "`${Python_EXECUTABLE} -m oxpack --version` did not finish within ${timeout} s and was stopped; check that this Python starts, or raise OXPACK_TOOL_TIMEOUT if it is only slow")
  elseif(NOT status EQUAL 0)
    _oxpack_fail("${name}" "`${Python_EXECUTABLE} -m oxpack` does not run; add \"oxpack\" to build-system.requires in pyproject.toml")
  endif()

  # Build into a stage folder laid out as the wheel; the stamp is the step's one output.
  set(stage "${CMAKE_CURRENT_BINARY_DIR}/oxpack/${name}")
  set(stamp "${CMAKE_CURRENT_BINARY_DIR}/oxpack/${name}.stamp")
  list(JOIN ox_SOURCES " " shown)

  # scikit-build-core's inplace editable mode (`pip install -e . -Ceditable.mode=inplace`)
  # builds in the source folder and installs nothing: the package is imported from the
  # source tree, so the generated module is copied into the package folder there too.
  set(inplace "")
  get_filename_component(binary_real "${CMAKE_BINARY_DIR}" REALPATH)
  get_filename_component(source_real "${CMAKE_SOURCE_DIR}" REALPATH)
  if(SKBUILD_STATE STREQUAL "editable" AND binary_real STREQUAL source_real)
    set(package "${project}/${ox_DESTINATION}")
    if(IS_DIRECTORY "${project}/src/${ox_DESTINATION}")
      set(package "${project}/src/${ox_DESTINATION}")
    endif()
    set(inplace COMMAND "${CMAKE_COMMAND}" -E copy_directory "${stage}/${ox_DESTINATION}" "${package}")
  endif()

  add_custom_command(
    OUTPUT "${stamp}"
    COMMAND "${CMAKE_COMMAND}" -E rm -rf "${stage}"  # a removed kernel leaves no fatbin behind
    COMMAND "${Python_EXECUTABLE}" -m oxpack build "${project}" --out "${stage}"
            --package-path "${ox_DESTINATION}" ${args}
    ${inplace}
    COMMAND "${CMAKE_COMMAND}" -E touch "${stamp}"
    DEPENDS ${depends}
    COMMENT "oxpack: building GPU kernels ${shown}"
    VERBATIM)
  add_custom_target(${name} ALL DEPENDS "${stamp}")
  install(DIRECTORY "${stage}/${ox_DESTINATION}/" DESTINATION "${ox_DESTINATION}")
endfunction()

cmake_policy(POP)
