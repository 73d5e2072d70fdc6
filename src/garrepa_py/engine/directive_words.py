"""What a sentence said to its reader looks like, in the spellings `normalise.views` gives:
the patterns and word lists the detector (`directives`) matches, one layer each.

Word lists are written naturally (accents, й, ё, dakuten) and folded like the text they are
matched against. Public names are the layers; everything here is data, compiled once.
"""

from __future__ import annotations

import re

from garrepa_py.engine import normalise


def _folded(pattern: str) -> re.Pattern[str]:
    return re.compile(normalise.fold(pattern, latin=False))


def _words(words: str) -> str:
    return "|".join(sorted((w.strip() for w in words.split(",") if w.strip()), key=len,
                           reverse=True))


# 1. Turns and roles, looked for in the whole reply before markdown and tags are reduced.
MARKERS = re.compile(
    r"<\|[^|<>\n]{1,40}\|>|\[/?inst\]|<</?sys>>|<(?:start|end)_of_turn>"
    r"|</?(?:system|assistant|user|human|developer|instructions?|prompt|im_start|im_end|tool_call"
    r"|function_call|admin|root|context|untrusted[-_]?content|documents?|tool_results?"
    r"|function_results|search_results|data|input|output|result|query|thinking|antml:[a-z_]+)"
    r"\b[^<>\n]{0,80}>"
    r"|^[ \t>#*_-]*(?:system|assistant|human|developer|admin|operator|ai)\s*(?::|>>|-{1,2}>)"
    r"|^[ \t>#*_-]*(?:system|admin|developer) (?:message|prompt|note)\s*:"
    r"|^[ \t]*#{1,6}[ \t]*(?:instructions?|system|response|input|human|assistant)\b"
    r"|\[(?:system|admin|assistant|developer|operator)[^\]\n]{0,30}\]",
    re.M)
OVERRIDE = re.compile(
    r"\b(?:ignore|disregard|forget|override|overrule)\b[^.\n]{0,40}\b(?:instruction|prompt"
    r"|guideline|directive|guardrail|previous|prior|above|earlier|preceding|safety)"
    r"|\b(?:ignore|disregard|forget) (?:all|any|every|the|your|these|those) (?:rules|orders)"
    r"|\b(?:bypass|circumvent)\b[^.\n]{0,40}\b(?:safety|guardrail|restriction|filter|polic"
    r"|permission|sandbox|approval|review)"
    r"|\b(?:system|developer|admin) (?:notice|override|instructions?|update|alert)"
    r"|\bnew (?:instructions|task|rules|role|persona|directive)|\bfrom now on\b"
    r"|\bpretend (?:to be|you)|\bjailbreak|\bdeveloper mode\b|\bdo anything now\b"
    r"|\bbefore (?:replying|responding|answering|continuing|proceeding|anything else"
    r"|(?:you|the (?:agent|assistant|model)) (?:reply|respond|answer|continue|proceed))"
    r"|\bavant de (?:repondre|continuer)|\bbevor (?:du|sie) (?:antwortest|antworten)"
    r"|\bantes de (?:responder|contestar|continuar)|\bprima di (?:rispondere|continuare)"
    r"|\bперед (?:ответом|тем как ответить)|回答する前に|回答之前|回复之前|답하기 전에|답변하기 전에"
    r"|\b(?:make|be) sure\b|\bdon'?t forget\b|\bdo not forget\b|\bremember to\b"
    r"|\b(?:it is|it's) (?:required|mandatory|necessary|essential|imperative|vital|critical)"
    r" (?:that|to)\b|\b(?:action|response|step) (?:is )?required\b|\brequired (?:action|step)"
    r"|\b(?:curl|wget)\b[^\n]*\|\s*(?:sudo\s+)?(?:ba|z)?sh\b|\brm -rf\b|\bforce[- ]push"
    r"|\bpush (?:-f|--force)\b"
    r"|\b(?:before|prior to) (?:any|your|the|an?) (?:answer|reply|response)\b"
    r"|\bthe user (?:wants|asked|asks|requests|expects|needs|has asked|would like|instructed)"
    r"|\bas the user\b|\b(?:i am|i'm) the (?:user|developer|admin|owner|operator)\b"
    r"|\b(?:whoever|anyone|anybody|any ai|any model) (?:reads|reading|processes|sees) this"
    r"|\b(?:should|must|needs? to|has to|is to|are to|ought to) be (?:run|executed|invoked"
    r"|called|deployed|triggered|sent|deleted|removed|installed|pushed|done|performed)"
    r" (?:now|immediately|right away|at once|without delay)\b"
    r"|\b(?:u|you) (?:must|should|shall|need to|have to|gotta|are required to|are to|will now)\b")
# 2. The reader, addressed.
_READER = "ai|a\\.i\\.|assistant|agent|model|llm|claude|chatbot|bot|reader|copilot|gpt|chatgpt" \
          "|language model|ai model|ai assistant|ai agent|coding agent|large language model"
_ACTOR = "ai|a\\.i\\.|assistant|llm|claude|claude code|chatbot|copilot|gpt|chatgpt|gemini|codex" \
         "|language model" \
         "|ai model|ai assistant|ai agent|coding agent"
ADDRESSED = re.compile(
    rf"\b(?:note|message|notice|reminder|instructions?|attention|memo|hint|tip|warning|request"
    rf"|directive|order)s? (?:to|for) (?:the |all |any |every |our )?(?:{_READER})s?\b"
    rf"|\b(?:dear|hey|hi|hello|attention|attn|ok|okay|yo) (?:the )?(?:{_READER})\b"
    rf"|^(?:the )?(?:{_ACTOR})s?\s*[,:!]"
    rf"|\b(?:if|when) (?:you are|you're|an?|any) (?:{_ACTOR})\b"
    rf"|\b(?:{_ACTOR})s? (?:must|should|shall|needs? to|has to|have to|is required to"
    rf"|are required to|will|will now|is to|are to|ought to|may now|can now|is going to)\b"
    rf"|\b(?:tell|ask|instruct|direct|order|command|urge)s? (?:the |an? |any |all )?"
    rf"(?:{_READER})s? to\b"
    rf"|\b(?:want|require|expect|request)s? (?:the |an? |any |all )?(?:{_ACTOR})s? to\b"
    rf"|\b(?:{_READER})s? (?:is|are|will be|gets?) (?:asked|expected|required|requested|told"
    rf"|instructed|invited|encouraged|supposed|meant|directed) to\b"
    rf"|\b(?:{_READER})s? (?:reading|processing|parsing|summari[sz]ing|viewing) (?:this|these)")
YOU = _folded(r"\b(?:" + _words(
    # en, fr, es, pt, it, de, nl, pl, tr, id, sv/no/da, ro, cs
    "you, your, yours, yourself, yourselves, you're, you've, you'll, you'd, thou, thee, thy, "
    "ye, vous, tu, toi, tes, votre, vos, usted, ustedes, vosotros, vosotras, tus, contigo, "
    "você, vocês, teu, tua, teus, tuas, tuo, tuoi, voi, vostro, vostra, vostri, vostre, "
    "dich, dein, deine, deinen, deinem, deiner, euch, jij, jouw, jullie, ty, ciebie, tobie, "
    "twój, twoja, wasz, wasza, siz, sizin, senin, kamu, dumneavoastră, "
    # ru, uk
    "ты, тебя, тебе, тобой, твой, твоя, твоё, твои, твоего, вы, вас, вам, вами, ваш, ваша, "
    "ваше, ваши, вашего, вашей, ти, тобі, твій") + r")\b"
    r"|你|您|あなた|貴方|お前|おまえ|당신|여러분|귀하|너는|너의|네가|आप|तुम|أنت|انت|אתה")
SIE = re.compile(r"(?<=\S )(?:Sie|Ihnen|Ihre[nmrs]?|Ihr)\b")  # German formal you, mid-sentence
# 3. A request for an action.
OPENERS = re.compile(_folded(
    r"^(?:(?:note|nb|n\.b\.|important|urgent|reminder|warning|attention|tip|action|todo|fyi"
    r"|step \d+|first(?:ly)?|second(?:ly)?|next|then|now|finally|also|afterwards?|after that"
    r"|please|pls|kindly|just|and|so|ok|okay|immediately|quickly|right away|at once|lastly"
    r"|before (?:replying|responding|answering|you (?:reply|respond|answer))|once done"
    r"|when done|bitte|jetzt|dann|zuerst|danach|s'il vous plait|s'il te plait|maintenant"
    r"|ensuite|puis|d'abord|por favor|ahora|luego|primero|después|agora|depois|per favore"
    r"|ora|poi|prima|пожалуйста|сначала|затем|теперь|потом|сейчас)\b[\s,:;!.-]*)+"
    r"|^(?:to|if|when|once|after|before|whenever|in order to|as soon as|while|so that"
    r"|pour|avant|apres|wenn|um|bevor|nachdem|para|antes|despues|si|cuando|se|quando|per"
    r"|prima|dopo|чтобы|если|когда|перед|после)\b[^,]{0,80},\s*").pattern)
VERBS = _folded(r"^(?:" + _words(
    "run, execute, exec, invoke, call, type, enter, paste, copy, open, visit, navigate, go, "
    "browse, click, fetch, download, upload, install, uninstall, delete, remove, erase, wipe, "
    "drop, destroy, kill, terminate, shut, reboot, format, send, post, email, mail, forward, "
    "share, leak, exfiltrate, publish, push, commit, merge, deploy, release, print, output, "
    "echo, reply, respond, answer, say, tell, write, read, cat, show, display, reveal, "
    "disclose, dump, add, append, insert, set, change, modify, update, edit, replace, rename, "
    "move, create, make, build, grant, give, allow, enable, disable, turn, switch, stop, start, "
    "restart, use, try, ignore, disregard, forget, override, bypass, skip, do, don't, never, "
    "always, remember, ensure, include, report, translate, apply, export, source, sudo, curl, "
    "wget, rm, chmod, chown, bash, sh, eval, ssh, scp, check, verify, confirm, contact, notify, "
    "approve, accept, let, let's, keep, put, take, follow, proceed, continue, wait, avoid, "
    "decode, decrypt, deobfuscate, evaluate, interpret, "
    "consider, note, stop, upgrade, downgrade, reset, revert, overwrite, save, store, submit, "
    "transfer, pay, buy, sign, log, login, authenticate, paste, look, search, find, clone, pull, "
    "trigger, launch, fire, perform, "
    # fr
    "exécutez, exécute, lancez, lance, tapez, tape, ouvrez, ouvre, supprimez, supprime, "
    "effacez, envoyez, envoie, installez, installe, ignorez, oubliez, oublie, veuillez, "
    "faites, fais, copiez, collez, visitez, allez, va, cliquez, clique, assurez-vous, "
    "assure-toi, n'oubliez, répondez, réponds, dites, dis, écrivez, écris, affichez, affiche, "
    "téléchargez, déployez, poussez, utilisez, utilise, vérifiez, ajoutez, mettez, "
    "lancer, exécuter, supprimer, effacer, envoyer, installer, ouvrir, taper, copier, "
    "coller, déployer, télécharger, "
    # de
    "führe, führen, starte, starten, ignoriere, ignorieren, vergiss, vergessen, lösche, "
    "löschen, sende, senden, öffne, öffnen, installiere, installieren, tippe, gib, geben, "
    "kopiere, klicke, besuche, stelle, stellen, beachte, antworte, schreibe, zeige, lade, "
    "mach, mache, machen, nutze, verwende, verwenden, lies, denk, denke, sorge, "
    # es
    "ejecuta, ejecute, ejecuten, corre, lanza, escribe, escriba, abre, abra, borra, borre, "
    "elimina, elimine, envía, envíe, instala, instale, ignora, olvida, olvide, asegúrate, "
    "asegúrese, no olvides, copia, pega, visita, haz, haga, responde, responda, di, diga, "
    "muestra, muestre, descarga, despliega, sube, usa, utiliza, "
    "ejecutar, correr, lanzar, borrar, eliminar, enviar, instalar, abrir, desplegar, "
    "descargar, "
    # pt
    "executa, rode, roda, corra, apague, exclua, remova, envie, instala, esqueça, esquece, "
    "certifique-se, garanta, copie, cole, visite, faça, diga, mostre, baixe, implante, "
    "não esqueça, não se esqueça, executar, rodar, apagar, excluir, remover, implantar, "
    # it
    "esegui, esegua, eseguite, lancia, avvia, apri, apra, cancella, rimuovi, invia, installa, "
    "ignori, dimentica, dimentichi, assicurati, si assicuri, incolla, fai, faccia, rispondi, "
    "dimmi, mostra, scarica, non dimenticare, eseguire, lanciare, avviare, cancellare, "
    "inviare, installare, "
    # ru
    "выполни, выполните, запусти, запустите, игнорируй, игнорируйте, проигнорируй, забудь, "
    "забудьте, удали, удалите, отправь, отправьте, открой, откройте, установи, установите, "
    "убедись, убедитесь, не забудь, не забудьте, сделай, сделайте, скопируй, вставь, "
    "напиши, напишите, ответь, ответьте, покажи, скачай, введи, введите, нажми, нажмите, "
    "перейди, перейдите, используй, используйте, "
    # nl, pl, tr, id, sv, sw: the common requests
    "voer, draai, verwijder, stuur, installeer, negeer, vergeet, zorg, uruchom, wykonaj, "
    "usuń, wyślij, zainstaluj, zignoruj, zapomnij, upewnij, çalıştır, gönder, yükle, unutma, "
    "jalankan, hapus, kirim, pasang, abaikan, lupakan, pastikan, kör, radera, skicka, "
    "installera, glöm, endesha, futa, tuma, "
    # el, ar: the common requests
    "εκτελέστε, εκτέλεσε, τρέξτε, τρέξε, διαγράψτε, διάγραψε, στείλτε, στείλε, αγνοήστε, "
    "αγνόησε, ξεχάστε, ξέχασε, βεβαιωθείτε, εγκαταστήστε, نفذ, نفّذ, شغل, شغّل, احذف, أرسل, "
    "تجاهل, انس, تأكد, ثبت, قم") + r")\b"
    # zh: a verb first, or "please" (请求 is "request", a noun)
    r"|^(?:运行|执行|忽略|删除|发送|打开|安装|记得|记住|不要|别|务必|必须|确保|立即|马上|先|"
    r"复制|粘贴|访问|输入|回复|告诉|忘记|忘掉|推送|部署)|请(?!求)"
    # ja, ko: request and command endings anywhere
    r"|ください|下さい|なさい|してくれ|しろ|せよ|ないで|ましょう|お願いします|願います"
    r"|하세요|하십시오|해라|주세요|마세요|마십시오|하지 마|세요|십시오|하라"
    # hi (verb last, like ja and ko), and "please" in Hindi, Arabic, Persian, Thai, Greek,
    # Vietnamese: anywhere
    r"|चलाएँ|चलाएं|चलाओ|हटाएँ|हटाओ|भेजें|भेजो|कृपया|يرجى|من فضلك|لطفا|กรุณา|ได้โปรด|παρακαλώ|xin vui long")
STRONG = re.compile(r"^(?:run|execute|exec|delete|remove|send|deploy|push|ignore|install|download"
                     r"|upload|curl|wget|rm|sudo|visit|email|eval|disregard|forget)\b")
ROLE = re.compile(r"^(?:system|assistant|human|developer|admin|operator|root)\s*(?::|>>)")
# Vietnamese: "hãy" (and "xin hãy", "vui lòng") opens a request; matched as written, since
# folded it is "hay" ("or").
VI_REQUEST = re.compile(r"^(?:xin |hãy cứ )?(?:hãy|vui lòng)\b", re.I)
RU_IMPERATIVE = _folded(r"^[а-яё]{3,}(?:ите|йте|ьте)\b")
# A verb-looking first word used as a noun ("Install instructions are ...") is not a request.
NOUN_USE = re.compile(
    r"^\S+ (?:\S+ )?(?:is|are|was|were|has|have|had|covers?|describes?|lists?|explains?"
    r"|documents?|defines?|sections?)\b")
# ... and a first word, not a strong verb, before a noun that ends the sentence: "Release notes."
NOUN_HEAD = re.compile(
    r"^\S+ (?:notes?|candidates?|procedures?|formats?|parameters?|annotations?|init|process"
    r"|history|policy|strategy|status|results?|pipeline|configuration|mode|order|options?"
    r"|settings?|types?|events?|targets?|steps|guide|section|requirements|phase|stage|page"
    r"|reference|overview|summary|examples?|api|time)\W*$")
