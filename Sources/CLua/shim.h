// Debian installs the Lua 5.4 headers under lua5.4/; pkg-config adds that folder.
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>
