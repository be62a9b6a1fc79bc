"""Amounts spelled by hand in each language, for the spellers of both faces (the browser's
``/static/spell.js`` and ``highstakes.i18n.spelling``): cents, and their words."""

CENTS = [4_000_000, 100_000_000, 2_100, 110_000_000, 10_100, 1, 150, 2_300_000, 10_800, 250_000_000, 12_500]

SPELLED = {
    "en": ["forty thousand dollars", "one million dollars", "twenty-one dollars",
           "one million one hundred thousand dollars", "one hundred one dollars", "one cent",
           "one dollar and fifty cents", "twenty-three thousand dollars", "one hundred eight dollars",
           "two million five hundred thousand dollars", "one hundred twenty-five dollars"],
    "es": ["cuarenta mil dólares", "un millón de dólares", "veintiún dólares", "un millón cien mil dólares",
           "ciento un dólares", "un centavo", "un dólar con cincuenta centavos", "veintitrés mil dólares",
           "ciento ocho dólares", "dos millones quinientos mil dólares", "ciento veinticinco dólares"],
    "it": ["quarantamila dollari", "un milione di dollari", "ventuno dollari", "un milione centomila dollari",
           "centouno dollari", "un centesimo", "un dollaro e cinquanta centesimi", "ventitremila dollari",
           "centotto dollari", "due milioni cinquecentomila dollari", "centoventicinque dollari"],
    "uz": ["qirq ming dollar", "bir million dollar", "yigirma bir dollar", "bir million bir yuz ming dollar",
           "bir yuz bir dollar", "bir sent", "bir dollar ellik sent", "yigirma uch ming dollar",
           "bir yuz sakkiz dollar", "ikki million besh yuz ming dollar", "bir yuz yigirma besh dollar"],
}
