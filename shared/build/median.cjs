/** The middle value of a list (the lower middle for an even count), as the bench scripts report runs. */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

module.exports = { median };
