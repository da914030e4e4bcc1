// SceneSimScripting: module placeholder until its issue lands.
