/*
** Lua 5.4.4's string.rep and string.byte (lstrlib.c: str_rep, str_byte), table.insert,
** table.remove and table.unpack (ltablib.c: tinsert, tremove, tunpack) and collectgarbage (lbaselib.c: luaB_collectgarbage), as Debian ships them
** (lua5.4 5.4.4-3+deb12u1), made to charge their work to the instruction limit (1000 steps at
** a time, as the count hook charges VM instructions, which also watches for interrupts). Their
** loops are C code the count hook never sees: `string.rep("", math.maxinteger)` and
** `table.insert(t, 1, v)` or `table.remove(t, 1)` on a table whose `__len` says 1 << 62 ran for
** centuries, past --max-instructions and Ctrl-C, and `collectgarbage()` did work that grows
** with the heap for three instructions.
**
** Changes to the originals: the names; the charges (SCN_LOOP_STEP, scn_charge_counted); and
** string.rep returns the empty string at once when both the string and the separator are
** empty, where the original copied zero bytes n times (the result is the same). Everything
** else is the original: the results and error messages are stock Lua's, byte for byte.
**
** The originals' notices: "$Id: lstrlib.c $", "$Id: ltablib.c $", "$Id: lbaselib.c $", "See
** Copyright Notice in lua.h": the notice is in LICENSE beside this file.
*/
#include "internal.h"

#include <limits.h>

#if !defined(l_unlikely)
#define l_unlikely(x) __builtin_expect(((x) != 0), 0)
#endif
#include <string.h>

/* scenesim: counts one step of a loop, and charges them once they make a hook step */
#define SCN_LOOP_STEP(L, steps) \
  do { if (++(steps) == SCN_HOOK_STEP) { scn_charge_counted((L), (steps)); (steps) = 0; } } while (0)

/* scenesim: a full collection's work, in steps: as the allocator charges Lua's emergency
** collection (state.c), a step per 64 bytes the heap holds */
static void scn_charge_collection (lua_State *L) {
  int kilobytes = lua_gc(L, LUA_GCCOUNT);
  scn_charge_counted(L, kilobytes > 0 ? (long long)kilobytes * 1024 / 64 : 1);
}


/*
** {======================================================
** string.rep (lstrlib.c)
** =======================================================
*/

#define MAX_SIZET	((size_t)(~(size_t)0))

#define MAXSIZE  \
	(sizeof(size_t) < sizeof(int) ? MAX_SIZET : (size_t)(INT_MAX))

static int scn_str_rep (lua_State *L) {
  size_t l, lsep;
  const char *s = luaL_checklstring(L, 1, &l);
  lua_Integer n = luaL_checkinteger(L, 2);
  const char *sep = luaL_optlstring(L, 3, "", &lsep);
  if (n <= 0 || l + lsep == 0)  /* scenesim: nothing to copy, n times */
    lua_pushliteral(L, "");
  else if (l + lsep < l || l + lsep > MAXSIZE / n)
    return luaL_error(L, "resulting string too large");
  else {
    size_t totallen = (size_t)n * l + (size_t)(n - 1) * lsep;
    luaL_Buffer b;
    char *p = luaL_buffinitsize(L, &b, totallen);
    /* scenesim: a step per copy and per 64 bytes copied, charged before the copying */
    scn_charge_counted(L, (long long)n + (long long)(totallen / 64));
    while (n-- > 1) {  /* first n-1 copies (followed by separator) */
      memcpy(p, s, l * sizeof(char)); p += l;
      if (lsep > 0) {  /* empty 'memcpy' is not that cheap */
        memcpy(p, sep, lsep * sizeof(char));
        p += lsep;
      }
    }
    memcpy(p, s, l * sizeof(char));  /* last copy (not followed by separator) */
    luaL_pushresultsize(&b, totallen);
  }
  return 1;
}

/* }====================================================== */


/*
** {======================================================
** table.insert and table.remove (ltablib.c)
** =======================================================
*/

#define TAB_R	1			/* read */
#define TAB_W	2			/* write */
#define TAB_L	4			/* length */
#define TAB_RW	(TAB_R | TAB_W)		/* read/write */

#define aux_getn(L,n,w)	(checktab(L, n, (w) | TAB_L), luaL_len(L, n))

static int checkfield (lua_State *L, const char *key, int n) {
  lua_pushstring(L, key);
  return (lua_rawget(L, -n) != LUA_TNIL);
}

/*
** Check that 'arg' either is a table or can behave like one (that is,
** has a metatable with the required metamethods)
*/
static void checktab (lua_State *L, int arg, int what) {
  if (lua_type(L, arg) != LUA_TTABLE) {  /* is it not a table? */
    int n = 1;  /* number of elements to pop */
    if (lua_getmetatable(L, arg) &&  /* must have metatable */
        (!(what & TAB_R) || checkfield(L, "__index", ++n)) &&
        (!(what & TAB_W) || checkfield(L, "__newindex", ++n)) &&
        (!(what & TAB_L) || checkfield(L, "__len", ++n))) {
      lua_pop(L, n);  /* pop metatable and tested metamethods */
    }
    else
      luaL_checktype(L, arg, LUA_TTABLE);  /* force an error */
  }
}

static int scn_tinsert (lua_State *L) {
  lua_Integer pos;  /* where to insert new element */
  lua_Integer e = aux_getn(L, 1, TAB_RW);
  e = luaL_intop(+, e, 1);  /* first empty element */
  switch (lua_gettop(L)) {
    case 2: {  /* called with only 2 arguments */
      pos = e;  /* insert new element at the end */
      break;
    }
    case 3: {
      lua_Integer i;
      long long steps = 0;  /* scenesim */
      pos = luaL_checkinteger(L, 2);  /* 2nd argument is the position */
      /* check whether 'pos' is in [1, e] */
      luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)e, 2,
                       "position out of bounds");
      for (i = e; i > pos; i--) {  /* move up elements */
        SCN_LOOP_STEP(L, steps);
        lua_geti(L, 1, i - 1);
        lua_seti(L, 1, i);  /* t[i] = t[i - 1] */
      }
      break;
    }
    default: {
      return luaL_error(L, "wrong number of arguments to 'insert'");
    }
  }
  lua_seti(L, 1, pos);  /* t[pos] = v */
  return 0;
}

static int scn_tremove (lua_State *L) {
  lua_Integer size = aux_getn(L, 1, TAB_RW);
  lua_Integer pos = luaL_optinteger(L, 2, size);
  long long steps = 0;  /* scenesim */
  if (pos != size)  /* validate 'pos' if given */
    /* check whether 'pos' is in [1, size + 1] */
    luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 1,
                  "position out of bounds");  /* (5.4.4 names argument 1 here) */
  lua_geti(L, 1, pos);  /* result = t[pos] */
  for ( ; pos < size; pos++) {
    SCN_LOOP_STEP(L, steps);
    lua_geti(L, 1, pos + 1);
    lua_seti(L, 1, pos);  /* t[pos] = t[pos + 1] */
  }
  lua_pushnil(L);
  lua_seti(L, 1, pos);  /* remove entry t[pos] */
  return 1;
}

/* }====================================================== */


/*
** {======================================================
** collectgarbage (lbaselib.c)
** =======================================================
*/

static int pushmode (lua_State *L, int oldmode) {
  if (oldmode == -1)
    luaL_pushfail(L);  /* invalid call to 'lua_gc' */
  else
    lua_pushstring(L, (oldmode == LUA_GCINC) ? "incremental"
                                             : "generational");
  return 1;
}

/*
** check whether call to 'lua_gc' was valid (not inside a finalizer)
*/
#define checkvalres(res) { if (res == -1) break; }

static int scn_collectgarbage (lua_State *L) {
  static const char *const opts[] = {"stop", "restart", "collect",
    "count", "step", "setpause", "setstepmul",
    "isrunning", "generational", "incremental", NULL};
  static const int optsnum[] = {LUA_GCSTOP, LUA_GCRESTART, LUA_GCCOLLECT,
    LUA_GCCOUNT, LUA_GCSTEP, LUA_GCSETPAUSE, LUA_GCSETSTEPMUL,
    LUA_GCISRUNNING, LUA_GCGEN, LUA_GCINC};
  int o = optsnum[luaL_checkoption(L, 1, "collect", opts)];
  switch (o) {
    case LUA_GCCOUNT: {
      int k = lua_gc(L, o);
      int b = lua_gc(L, LUA_GCCOUNTB);
      checkvalres(k);
      lua_pushnumber(L, (lua_Number)k + ((lua_Number)b/1024));
      return 1;
    }
    case LUA_GCSTEP: {
      int step = (int)luaL_optinteger(L, 2, 0);
      int res;
      scn_charge_collection(L);  /* scenesim: a step may finish a whole cycle */
      res = lua_gc(L, o, step);
      checkvalres(res);
      lua_pushboolean(L, res);
      return 1;
    }
    case LUA_GCSETPAUSE:
    case LUA_GCSETSTEPMUL: {
      int p = (int)luaL_optinteger(L, 2, 0);
      int previous = lua_gc(L, o, p);
      checkvalres(previous);
      lua_pushinteger(L, previous);
      return 1;
    }
    case LUA_GCISRUNNING: {
      int res = lua_gc(L, o);
      checkvalres(res);
      lua_pushboolean(L, res);
      return 1;
    }
    case LUA_GCGEN: {
      int minormul = (int)luaL_optinteger(L, 2, 0);
      int majormul = (int)luaL_optinteger(L, 3, 0);
      scn_charge_collection(L);  /* scenesim: entering the mode collects */
      return pushmode(L, lua_gc(L, o, minormul, majormul));
    }
    case LUA_GCINC: {
      int pause = (int)luaL_optinteger(L, 2, 0);
      int stepmul = (int)luaL_optinteger(L, 3, 0);
      int stepsize = (int)luaL_optinteger(L, 4, 0);
      scn_charge_collection(L);  /* scenesim: as for "generational" */
      return pushmode(L, lua_gc(L, o, pause, stepmul, stepsize));
    }
    case LUA_GCCOLLECT: {  /* scenesim: the original's default case, charged first */
      int res;
      scn_charge_collection(L);
      res = lua_gc(L, o);
      checkvalres(res);
      lua_pushinteger(L, res);
      return 1;
    }
    default: {
      int res = lua_gc(L, o);
      checkvalres(res);
      lua_pushinteger(L, res);
      return 1;
    }
  }
  luaL_pushfail(L);  /* invalid call (inside a finalizer) */
  return 1;
}

/* }====================================================== */


/*
** {======================================================
** string.byte (lstrlib.c: str_byte, posrelatI, getendpos) and table.unpack (ltablib.c:
** tunpack): a value pushed per byte or element, charged a step each (issue 43's hostile
** re-run: a loop of `s:byte(1, -1)` or `table.unpack(t)` on 100,000 items ran for hours under
** a budget of ten million instructions). Strings and buffers they and the other library
** functions make are charged by the allocator (state.c).
** =======================================================
*/

static size_t scn_posrelatI (lua_Integer pos, size_t len) {
  if (pos > 0)
    return (size_t)pos;
  else if (pos == 0)
    return 1;
  else if (pos < -(lua_Integer)len)  /* inverted comparison */
    return 1;  /* clip to 1 */
  else return len + (size_t)pos + 1;
}

static size_t scn_getendpos (lua_State *L, int arg, lua_Integer def,
                         size_t len) {
  lua_Integer pos = luaL_optinteger(L, arg, def);
  if (pos > (lua_Integer)len)
    return len;
  else if (pos >= 0)
    return (size_t)pos;
  else if (pos < -(lua_Integer)len)
    return 0;
  else return len + (size_t)pos + 1;
}

static int scn_str_byte (lua_State *L) {
  size_t l;
  const char *s = luaL_checklstring(L, 1, &l);
  lua_Integer pi = luaL_optinteger(L, 2, 1);
  size_t posi = scn_posrelatI(pi, l);
  size_t pose = scn_getendpos(L, 3, pi, l);
  int n, i;
  if (posi > pose) return 0;  /* empty interval; return no values */
  if (l_unlikely(pose - posi >= (size_t)INT_MAX))  /* arithmetic overflow? */
    return luaL_error(L, "string slice too long");
  n = (int)(pose -  posi) + 1;
  luaL_checkstack(L, n, "string slice too long");
  scn_charge_counted(L, n);  /* scenesim */
  for (i=0; i<n; i++)
    lua_pushinteger(L, (unsigned char)(s[posi+i-1]));
  return n;
}

static int scn_tunpack (lua_State *L) {
  lua_Unsigned n;
  lua_Integer i = luaL_optinteger(L, 2, 1);
  lua_Integer e = luaL_opt(L, luaL_checkinteger, 3, luaL_len(L, 1));
  if (i > e) return 0;  /* empty range */
  n = (lua_Unsigned)e - i;  /* number of elements minus 1 (avoid overflows) */
  if (l_unlikely(n >= (unsigned int)INT_MAX  ||
                 !lua_checkstack(L, (int)(++n))))
    return luaL_error(L, "too many results to unpack");
  scn_charge_counted(L, (long long)n);  /* scenesim */
  for (; i < e; i++) {  /* push arg[i..e - 1] (to avoid overflows) */
    lua_geti(L, 1, i);
  }
  lua_geti(L, 1, e);  /* push last element */
  return (int)n;
}

/* }====================================================== */

void scn_install_charged_loops(lua_State *L) {
  if (lua_getglobal(L, LUA_STRLIBNAME) == LUA_TTABLE) {
    lua_pushcfunction(L, scn_str_rep);
    lua_setfield(L, -2, "rep");
    lua_pushcfunction(L, scn_str_byte);
    lua_setfield(L, -2, "byte");
  }
  lua_pop(L, 1);
  if (lua_getglobal(L, LUA_TABLIBNAME) == LUA_TTABLE) {
    lua_pushcfunction(L, scn_tinsert);
    lua_setfield(L, -2, "insert");
    lua_pushcfunction(L, scn_tremove);
    lua_setfield(L, -2, "remove");
    lua_pushcfunction(L, scn_tunpack);
    lua_setfield(L, -2, "unpack");
  }
  lua_pop(L, 1);
  lua_pushcfunction(L, scn_collectgarbage);
  lua_setglobal(L, "collectgarbage");
}
