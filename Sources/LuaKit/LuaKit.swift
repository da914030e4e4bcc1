// LuaKit: module placeholder until its issue lands.
