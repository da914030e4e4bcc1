// SceneSimREPL: module placeholder until its issue lands.
