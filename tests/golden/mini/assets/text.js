// The browser scripts' texts in this language (en), from its gettext catalogue.
window.banzukeLanguage = "en";
window.banzukeText = {};
window.banzukePlural = function (n) { return Number((n != 1)); };
