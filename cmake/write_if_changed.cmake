# write_if_changed(PATH TEXT): writes TEXT to PATH only when it differs from what PATH holds, so an
# unchanged input rebuilds nothing (used by the embed_*.cmake scripts).
function(write_if_changed path text)
  set(_old "")
  if(EXISTS "${path}")
    file(READ "${path}" _old)
  endif()
  if(NOT _old STREQUAL text)
    file(WRITE "${path}" "${text}")
  endif()
endfunction()
