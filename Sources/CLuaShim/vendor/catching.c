/*
** Lua 5.4.4's functions that catch errors: pcall and xpcall (lbaselib.c: luaB_pcall,
** luaB_xpcall, finishpcall) and the function coroutine.wrap returns (lcorolib.c: auxwrap,
** auxresume), as Debian ships them (lua5.4 5.4.4-3+deb12u1), made unable to absorb a tripped
** limit (see ../protected.c). They keep the originals' names in error messages and still let a
** coroutine yield across them.
**
** Changes to the originals: the names; scn_check_tripped calls around each protected call, so
** that once the instruction limit or an interrupt fired the call raises that error again at the
** script's line; xpcall's message handler wrapped in scn_guarded_handler; and wrap's function
** checks the trip before it closes a coroutine that died by an error (its __close metamethods
** would run with Lua's hooks off), and leaves one killed by an error raised in a hook unclosed;
** pcall and xpcall forget such an error once they caught it. Everything else is the original.
**
** The originals' notices: "$Id: lbaselib.c $ Basic library" and "$Id: lcorolib.c $
** Coroutine Library", "See Copyright Notice in lua.h": the notice is in LICENSE beside this file.
*/
#include "internal.h"

#if !defined(l_unlikely)
#define l_unlikely(x) __builtin_expect(((x) != 0), 0)
#endif
#if !defined(l_likely)
#define l_likely(x) __builtin_expect(((x) != 0), 1)
#endif

/*
** Continuation function for 'pcall' and 'xpcall'. Both functions
** already pushed a 'true' before doing the call, so in case of success
** 'finishpcall' only has to return everything in the stack minus
** 'extra' values (where 'extra' is exactly the number of items to be
** ignored).
*/
static int scn_finish_pcall(lua_State *L, int status, lua_KContext extra) {
    scn_check_tripped(L);
    /* caught here, an error raised in a hook left hooks on again */
    if (status != LUA_OK && status != LUA_YIELD) scn_clear_hook_error(L);
    if (l_unlikely(status != LUA_OK && status != LUA_YIELD)) {  /* error? */
        lua_pushboolean(L, 0);  /* first result (false) */
        lua_pushvalue(L, -2);  /* error message */
        return 2;  /* return false, msg */
    }
    return lua_gettop(L) - (int)extra;  /* return all results */
}

int scn_pcall_function(lua_State *L) {
    int status;
    luaL_checkany(L, 1);
    lua_pushboolean(L, 1);  /* first result if no errors */
    lua_insert(L, 1);  /* put it in place */
    status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, 0, scn_finish_pcall);
    return scn_finish_pcall(L, status, 0);
}

/*
** Do a protected call with error handling. After 'lua_rotate', the
** stack will have <f, err, true, f, [args...]>; so, the function passes
** 2 to 'finishpcall' to skip the 2 first values when returning results.
*/
int scn_xpcall_function(lua_State *L) {
    int status;
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);  /* check error function */
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, scn_guarded_handler, 1);
    lua_replace(L, 2);
    lua_pushboolean(L, 1);  /* first result */
    lua_pushvalue(L, 1);  /* function */
    lua_rotate(L, 3, 2);  /* move them below function's arguments */
    status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, scn_finish_pcall);
    return scn_finish_pcall(L, status, 2);
}

/*
** Resumes a coroutine. Returns the number of results for non-error
** cases or -1 for errors.
*/
static int scn_auxresume(lua_State *L, lua_State *co, int narg) {
    int status, nres;
    if (l_unlikely(!lua_checkstack(co, narg))) {
        lua_pushliteral(L, "too many arguments to resume");
        return -1;  /* error flag */
    }
    lua_xmove(L, co, narg);
    status = lua_resume(co, L, narg, &nres);
    if (l_likely(status == LUA_OK || status == LUA_YIELD)) {
        if (l_unlikely(!lua_checkstack(L, nres + 1))) {
            lua_pop(co, nres);  /* remove results anyway */
            lua_pushliteral(L, "too many results to resume");
            return -1;  /* error flag */
        }
        lua_xmove(co, L, nres);  /* move yielded values */
        return nres;
    } else {
        lua_xmove(co, L, 1);  /* move error message */
        return -1;  /* error flag */
    }
}

/* Upvalue 1 is the coroutine. */
int scn_wrapped_coroutine(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    scn_check_tripped(L);
    if (co == NULL) {  /* scenesim: dropped, killed in a hook (below): dead, as stock's reset one */
        luaL_where(L, 1);
        lua_pushliteral(L, "cannot resume dead coroutine");
        lua_concat(L, 2);
        return lua_error(L);
    }
    int r = scn_auxresume(L, co, lua_gettop(L));
    scn_check_tripped(L);
    if (l_unlikely(r < 0)) {  /* error? */
        int stat = lua_status(co);
        if (stat != LUA_OK && stat != LUA_YIELD) {  /* error in the coroutine? */
            if (scn_died_in_hook(L, co)) {  /* scenesim: hooks off: its tbc variables stay */
                lua_pushvalue(co, -1);
                /* and the function lets it go, so what its stack holds can be collected */
                lua_pushboolean(L, 0);
                lua_replace(L, lua_upvalueindex(1));
            }
            else
                stat = lua_resetthread(co);  /* close its tbc variables */
            lua_xmove(co, L, 1);  /* move error message to the caller */
        }
        if (stat != LUA_ERRMEM &&  /* not a memory error and ... */
            lua_type(L, -1) == LUA_TSTRING) {  /* ... error object is a string? */
            luaL_where(L, 1);  /* get extra info, if available */
            lua_insert(L, -2);
            lua_concat(L, 2);
        }
        return lua_error(L);  /* propagate error */
    }
    return r;
}
