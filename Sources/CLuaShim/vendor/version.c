// The Lua the copies in this folder were made from, checked when the shim compiles.
//
// They are Lua 5.4.4's (see LICENSE) and are linked against the Lua the build finds: Debian's
// 5.4.4 on Linux, where CI runs everything and the conformance test (scripts/conformance.sh)
// compares scenesim with the stock lua5.4 byte for byte, or Homebrew's on macOS. The later
// 5.4 releases below keep these functions as 5.4.4 has them (5.4.6 renamed lua_resetthread to
// lua_closethread and kept the old name), so they build and behave alike. A release outside
// the range stops the build: compare lstrlib.c, lbaselib.c and lcorolib.c of that
// release with these copies before widening it.
#include <lua.h>

#if !defined(LUA_VERSION_RELEASE_NUM) || LUA_VERSION_RELEASE_NUM < 50404 || LUA_VERSION_RELEASE_NUM > 50408
#error "CLuaShim/vendor holds Lua 5.4.4's code, checked against 5.4.4 to 5.4.8; this Lua is another release (see vendor/version.c)"
#endif

