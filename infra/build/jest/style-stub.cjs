// CSS has no meaning in jsdom: every stylesheet import becomes an empty module.
module.exports = {};
