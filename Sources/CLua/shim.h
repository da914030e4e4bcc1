// Debian installs the Lua 5.4 headers under lua5.4/, Homebrew under lua/; pkg-config adds that
// folder (and names the library to link: -llua5.4 on Debian, -llua on Homebrew).
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>
