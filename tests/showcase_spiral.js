// The showcase game's own drawer of its "spiral" (a Custom widget): the escape hatch's browser half.
export function draw(data) {
  const node = document.createElement("div");
  node.className = "showcase-spiral";
  node.textContent = "@".repeat(data.turns);
  return node;
}
